/// Work spread over a fixed number of concurrent tasks: enough requests in flight to keep a
/// single-process homeserver busy, few enough that none waits out its time-out in a queue.
enum BoundedConcurrency {
    /// `body` of every item, at most `width` at a time; the results in the items' order.
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], width: Int, _ body: @escaping @Sendable (Item) async throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            var results: [Result?] = Array(repeating: nil, count: items.count)
            var next = 0
            func addNext() {
                guard next < items.count else { return }
                let index = next, item = items[index]
                next += 1
                group.addTask { (index, try await body(item)) }
            }
            for _ in 0..<max(1, width) { addNext() }
            while let (index, result) = try await group.next() {
                results[index] = result
                addNext()
            }
            return results.compactMap { $0 }
        }
    }
}

import Synchronization

/// Event ids already handled, so an event delivered twice (a retried sync, a gappy timeline)
/// is answered once. Bounded: old ids are forgotten in insertion order.
final class SeenEvents: Sendable {
    private struct State {
        var ids: Set<String> = []
        var order: [String] = []
    }

    static let capacity = 10_000

    private let state = Mutex(State())

    /// True the first time an id is seen.
    func firstSighting(_ eventID: String) -> Bool {
        state.withLock { state in
            guard state.ids.insert(eventID).inserted else { return false }
            state.order.append(eventID)
            if state.order.count > Self.capacity {
                let forgotten = state.order.prefix(Self.capacity / 10)
                state.ids.subtract(forgotten)
                state.order.removeFirst(forgotten.count)
            }
            return true
        }
    }

    /// Forgets `eventIDs`, so they are answered when delivered again (a batch whose replies the
    /// homeserver refused).
    func forget(_ eventIDs: some Sequence<String>) {
        state.withLock { $0.ids.subtract(eventIDs) }
    }
}

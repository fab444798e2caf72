import Synchronization

/// A value that other threads change and a test waits on: each change wakes the waiters, who
/// check their condition again, so a wait ends the moment it can instead of at the next poll.
public final class Observed<Value: Sendable>: Sendable {
    private struct State {
        var value: Value
        var watchers: [Int: AsyncStream<Void>.Continuation] = [:]
        var nextWatcher = 0
    }

    private let state: Mutex<State>

    public init(_ value: Value) {
        state = Mutex(State(value: value))
    }

    public var value: Value { state.withLock { $0.value } }

    /// Changes the value and wakes every waiter.
    public func modify<Result>(_ change: (inout Value) -> Result) -> Result {
        let (result, watchers) = state.withLock { state in
            (change(&state.value), Array(state.watchers.values))
        }
        for watcher in watchers { watcher.yield() }
        return result
    }

    /// Waits until the value satisfies `condition`, woken by each change; false when `timeout`
    /// passes (or the task is cancelled) first.
    public func waitFor(timeout: Duration, _ condition: @escaping @Sendable (Value) -> Bool) async -> Bool {
        let (wakeUps, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            defer { state.nextWatcher += 1 }
            state.watchers[state.nextWatcher] = continuation
            return state.nextWatcher
        }
        defer { _ = state.withLock { $0.watchers.removeValue(forKey: id) } }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { [self] in
                if condition(value) { return true }
                for await _ in wakeUps where condition(value) { return true }
                return false
            }
            group.addTask { [self] in
                try? await Task.sleep(for: timeout)
                return condition(value)
            }
            let met = await group.next() ?? false
            continuation.finish()
            group.cancelAll()
            return met
        }
    }
}

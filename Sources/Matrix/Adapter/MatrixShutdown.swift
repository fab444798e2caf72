import Synchronization

/// Graceful shutdown for the sync loop: it cancels the long poll or pause under way, but never
/// a batch being answered, so the stored position always matches what was answered.
final class MatrixShutdown: Sendable {
    private struct State {
        var shuttingDown = false
        var current: Task<Void, Never>?
    }

    private let state = Mutex(State())

    var isShuttingDown: Bool { state.withLock { $0.shuttingDown } }

    func begin() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.shuttingDown = true
            return state.current
        }
        task?.cancel()
    }

    /// Runs `operation` in a task that `begin()` cancels.
    func cancellable<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let (result, continuation) = AsyncStream.makeStream(of: Result<T, any Error>.self)
        let task = Task {
            do { continuation.yield(.success(try await operation())) } catch { continuation.yield(.failure(error)) }
            continuation.finish()
        }
        let alreadyShuttingDown = state.withLock { state -> Bool in
            state.current = task
            return state.shuttingDown
        }
        if alreadyShuttingDown { task.cancel() }
        defer { state.withLock { $0.current = nil } }
        for await outcome in result { return try outcome.get() }
        throw CancellationError()
    }
}

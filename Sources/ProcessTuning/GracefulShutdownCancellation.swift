import ServiceLifecycle
import Synchronization

/// Runs `operation`, cancelled once the process's graceful shutdown begins, and returns what it
/// returns or throws what it throws (a cancelled operation decides which).
///
/// ServiceLifecycle's `cancelWhenGracefulShutdown` does the same through an actor of its own,
/// which runs on Swift's global executor, and a new unstructured task for each cancellation.
/// Every call woke the global pool's threads and handed its end back to the event loop through
/// the loop's wake-up descriptor, and the Matrix adapter makes one call for every sync, so one
/// for every command. Here both halves are children of the caller, on its executor, and the
/// wait for the shutdown is a continuation behind a mutex, resumed by whoever ends it.
public func cancellingOnGracefulShutdown<T: Sendable>(
    _ operation: @Sendable @escaping () async throws -> T
) async rethrows -> T {
    try await withThrowingTaskGroup(of: OperationOrShutdown<T>.self) { group in
        group.addTask { .finished(try await operation()) }
        group.addTask {
            await ShutdownWait.untilGracefulShutdownOrCancellation()
            return .shutdown
        }
        // The first to end: the operation, or the shutdown, which cancels the operation.
        while let next = try await group.next() {
            group.cancelAll()
            if case .finished(let value) = next { return value }
        }
        // Unreachable: the operation's child ends with a value or an error, and an error
        // leaves the loop above by throwing.
        preconditionFailure("the operation's task ended with neither a value nor an error")
    }
}

private enum OperationOrShutdown<T: Sendable>: Sendable {
    case finished(T)
    case shutdown
}

/// A wait that graceful shutdown or the task's cancellation ends, whichever comes first, and at
/// once if either already has.
private final class ShutdownWait: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Void, Never>?)
        case ended
    }

    private let state = Mutex(State.waiting(nil))

    static func untilGracefulShutdownOrCancellation() async {
        let wait = ShutdownWait()
        await withTaskCancellationOrGracefulShutdownHandler {
            await wait.untilEnded()
        } onCancelOrGracefulShutdown: {
            wait.end()
        }
    }

    private func untilEnded() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyEnded = state.withLock { state in
                guard case .waiting = state else { return true }
                state = .waiting(continuation)
                return false
            }
            if alreadyEnded { continuation.resume() }
        }
    }

    /// Called by ServiceLifecycle under its own lock, or by the canceller: resumes nothing but
    /// this wait.
    private func end() {
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state = .ended }
            guard case .waiting(let continuation) = state else { return nil }
            return continuation
        }
        waiting?.resume()
    }
}

import Foundation

/// What the benchmark awaits of a bot process it started (an answer, a log line), asked every
/// 50 ms.
enum ChildPolling {
    /// Asks `check` until it holds. Throws with `exited` when `process` ends first, with what
    /// `timedOut` says when `timeout` passes first.
    static func until(
        process: Process, timeout: Duration, exited: String, timedOut: () async -> String,
        check: () async -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if await check() { return }
            guard process.isRunning else { throw BenchmarkError.childFailed(exited) }
            guard ContinuousClock.now < deadline else { throw BenchmarkError.childFailed(await timedOut()) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

import Foundation

/// What the benchmark awaits of a bot process it started (an answer, a log line), or of a
/// profiler attached to one (`ProfileMarks`), asked every 50 ms.
enum ChildPolling {
    /// Asks `check` until it holds. Throws with `exited` when `process` ends first, with what
    /// `timedOut` says when `timeout` passes first. Without a `process` (a profiler's answer,
    /// which is no child of the benchmark's), only the timeout ends the wait.
    static func until(
        process: Process?, timeout: Duration, exited: String = "", timedOut: () async -> String,
        check: () async -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if await check() { return }
            guard process?.isRunning ?? true else { throw BenchmarkError.childFailed(exited) }
            guard ContinuousClock.now < deadline else { throw BenchmarkError.childFailed(await timedOut()) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

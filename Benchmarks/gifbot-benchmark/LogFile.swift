import Foundation

/// A bot process's log, written to a file: polled until a line says what is awaited.
struct LogFile {
    let url: URL

    /// Polls every 50 ms until the log holds `text`. Throws when the process exits or `timeout`
    /// passes first.
    func wait(for text: String, process: Process, timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let contents = try? String(contentsOf: url, encoding: .utf8), contents.contains(text) { return }
            guard process.isRunning else { throw BenchmarkError.childFailed("gifbot exited before logging '\(text)'") }
            guard ContinuousClock.now < deadline else {
                throw BenchmarkError.childFailed("gifbot did not log '\(text)' within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

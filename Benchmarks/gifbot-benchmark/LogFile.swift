import Foundation

/// A bot process's log, written to a file: polled until a line says what is awaited.
struct LogFile {
    let url: URL

    /// Until the log holds `text`. Throws when the process exits or `timeout` passes first.
    func wait(for text: String, process: Process, timeout: Duration) async throws {
        try await ChildPolling.until(
            process: process, timeout: timeout, exited: "gifbot exited before logging '\(text)'",
            timedOut: { "gifbot did not log '\(text)' within \(timeout)" }
        ) {
            (try? String(contentsOf: url, encoding: .utf8))?.contains(text) == true
        }
    }
}

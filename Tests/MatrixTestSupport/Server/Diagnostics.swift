import Foundation

/// One-line notes on standard error about slow steps (venv install, server start-up), so that
/// a test log shows where the time went.
enum Diagnostics {
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("[MatrixTestSupport] \(message)\n".utf8))
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return String(format: "%.2f s", value)
    }
}

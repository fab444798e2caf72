import Foundation

/// The folder of one server instance: configs, cert, run/NAME.job PID files and logs/.
/// All instances live under one root so that Servers/stop-all.sh can find every one of them.
enum InstanceDirectory {
    /// Same rule as Servers/lib.sh: $IRC_TESTSUPPORT_ROOT, else $TMPDIR/irc-testsupport.
    static var root: URL {
        if let root = ProcessInfo.processInfo.environment["IRC_TESTSUPPORT_ROOT"], !root.isEmpty {
            return URL(fileURLWithPath: root)
        }
        let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return URL(fileURLWithPath: temporary).appendingPathComponent("irc-testsupport")
    }

    static func create(named prefix: String) throws -> URL {
        let name = "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())"
        let directory = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The last lines of every log of the instance, for error messages.
    static func logTail(_ directory: URL, lines: Int = 25) -> String {
        let logs = directory.appendingPathComponent("logs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: logs.path))?.sorted() ?? []
        var report = "logs in \(logs.path):"
        for name in names {
            guard let text = try? String(contentsOf: logs.appendingPathComponent(name), encoding: .utf8) else {
                continue
            }
            let tail = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
            report += "\n--- \(name)\n" + tail.joined(separator: "\n")
        }
        return report
    }
}

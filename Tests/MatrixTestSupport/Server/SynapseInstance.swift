import Foundation
import TestServerSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder of one Synapse instance: config, SQLite database, media, keys, logs and PID
/// files. All instances live under one root so that Synapse/stop-all.sh finds every one.
enum SynapseInstance {
    /// Same rule as Synapse/lib.sh: $MATRIX_TESTSUPPORT_ROOT, else $TMPDIR/matrix-testsupport.
    static var root: URL {
        let environment = ProcessInfo.processInfo.environment
        if let root = environment["MATRIX_TESTSUPPORT_ROOT"], !root.isEmpty {
            return URL(fileURLWithPath: root)
        }
        let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return URL(fileURLWithPath: temporary).appendingPathComponent("matrix-testsupport")
    }

    static func create() throws -> URL {
        let directory = root.appendingPathComponent("synapse-\(UUID().uuidString.prefix(8).lowercased())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The PID in DIR/NAME.pid (NAME: synapse or watchdog), if the file exists.
    static func pid(_ directory: URL, _ name: String) -> pid_t? {
        ProcessStatus.pid(in: directory.appendingPathComponent("\(name).pid"))
    }

    static func isSynapseRunning(_ directory: URL) -> Bool {
        pid(directory, "synapse").map(ProcessStatus.isAlive) ?? false
    }

    /// The last lines of the instance's logs, for error messages.
    static func logTail(_ directory: URL, lines: Int = 30) -> String {
        var report = "logs in \(directory.path):"
        for name in ["scripts.log", "synapse.out", "homeserver.log"] {
            guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else {
                continue
            }
            let tail = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
            report += "\n--- \(name)\n" + tail.joined(separator: "\n")
        }
        return report
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The run/NAME.job files the start scripts write: one PID per started process.
enum JobFiles {
    static let allNames = ["atheme", "inspircd", "ngircd", "watchdog"]

    static func pid(_ directory: URL, _ name: String) -> pid_t? {
        let file = directory.appendingPathComponent("run/\(name).job")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the process runs. A zombie counts as gone: the servers are orphans of the start
    /// script, and PID 1 in some containers never reaps them.
    static func isAlive(_ pid: pid_t) -> Bool {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.range(of: ") ", options: .backwards)
        else { return false }
        return stat[end.upperBound...].first != "Z"
        #else
        return kill(pid, 0) == 0
        #endif
    }

    /// The names among `names` whose process is not running.
    static func deadProcesses(_ directory: URL, _ names: [String]) -> [String] {
        names.filter { name in
            guard let pid = pid(directory, name) else { return true }
            return !isAlive(pid)
        }
    }
}

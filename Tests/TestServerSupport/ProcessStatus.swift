import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PID files written by the test servers' start scripts, and whether those processes run.
public enum ProcessStatus {
    /// The PID in `file`, if it exists and holds one.
    public static func pid(in file: URL) -> pid_t? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the process runs. A zombie counts as gone: the servers are orphans of their start
    /// script, and PID 1 in some containers never reaps orphans.
    public static func isAlive(_ pid: pid_t) -> Bool {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.range(of: ") ", options: .backwards)
        else { return false }
        return stat[end.upperBound...].first != "Z"
        #else
        return kill(pid, 0) == 0
        #endif
    }
}

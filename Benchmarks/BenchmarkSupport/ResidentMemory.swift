import Foundation

/// Resident memory as the kernel counts it for a process.
public enum ResidentMemory {
    /// Resident set in MiB, from /proc/<pid>/status: all of it (`VmRSS`), or one part, such as
    /// `RssAnon` (heap, stacks, written data) and `RssFile` (code and data mapped from files,
    /// shared and reclaimable); nil where /proc is missing.
    public static func mebibytes(_ field: String = "VmRSS", pid: Int32 = getpid()) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.split(separator: " ").dropFirst().first.flatMap { Double($0) }.map { $0 / 1024 }
        }
        return nil
    }
}

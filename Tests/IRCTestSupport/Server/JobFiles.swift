import Foundation
import TestServerSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The run/NAME.job files the start scripts write: one PID per started process.
enum JobFiles {
    static let allNames = ["atheme", "inspircd", "ngircd", "watchdog"]

    static func pid(_ directory: URL, _ name: String) -> pid_t? {
        ProcessStatus.pid(in: directory.appendingPathComponent("run/\(name).job"))
    }

    /// The names among `names` whose process is not running.
    static func deadProcesses(_ directory: URL, _ names: [String]) -> [String] {
        names.filter { name in
            guard let pid = pid(directory, name) else { return true }
            return !ProcessStatus.isAlive(pid)
        }
    }
}

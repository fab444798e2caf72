import Foundation
import Logging
import Storage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file saying a bot runs on this database: filled in when the bot starts, emptied when it
/// stops in order. Found still filled in at the next start, it means the previous run ended
/// without stopping (a crash, SIGKILL, an out-of-memory kill, a power cut), which writes nothing
/// itself; the start says so in the log. The run holds an exclusive lock on the file, so a
/// second bot on the same database is told from a dead one (the kernel drops a dead
/// process's locks).
///
/// The file sits next to the SQLite file (`gifbot.sqlite.running`); with PostgreSQL, in
/// systemd's `STATE_DIRECTORY` when set, otherwise there is none.
package final class RunMarker {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    package static func path(for database: DatabaseLocation, environment: [String: String]) -> String? {
        switch database {
        case .sqlite(let path):
            return path == ":memory:" || path.isEmpty ? nil : path + ".running"
        case .postgres:
            guard let directory = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !directory.isEmpty else {
                return nil
            }
            return "\(directory)/gifbot.running"
        }
    }

    /// Takes the marker at `path`, logging a warning when the previous run did not stop in
    /// order; nil (logged at debug level) when the file cannot be used or another bot holds it.
    package static func claim(path: String, logger: Logger) -> RunMarker? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            logger.debug("No run marker: cannot open it", metadata: ["path": "\(path)", "errno": "\(errno)"])
            return nil
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            logger.debug("No run marker: another process on this database holds it", metadata: ["path": "\(path)"])
            close(descriptor)
            return nil
        }
        let previous = contents(of: descriptor)
        if !previous.isEmpty {
            logger.warning(
                "The previous run did not exit cleanly (a crash, a kill or a power loss): see the logs before this start",
                metadata: [
                    "previous_run": "\(previous.trimmingCharacters(in: .whitespacesAndNewlines))", "marker": "\(path)",
                ])
        }
        let marker = RunMarker(descriptor: descriptor)
        let started = ISO8601Timestamp.string(for: Date())
        marker.replaceContents(with: "pid \(getpid()) started \(started)\n")
        return marker
    }

    /// The run stops in order: the next start finds the marker empty.
    package func release() {
        replaceContents(with: "")
        close(descriptor)
    }

    private func replaceContents(with text: String) {
        guard ftruncate(descriptor, 0) == 0 else { return }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        fsync(descriptor)
    }

    /// At most 1 KiB: a marker holds one short line.
    private static func contents(of descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return "" }
        return String(decoding: buffer.prefix(count), as: UTF8.self)
    }
}

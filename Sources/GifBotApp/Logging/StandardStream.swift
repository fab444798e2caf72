#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output or standard error without ever ending the process. Foundation's
/// `FileHandle.write(_:)` traps on any failed write (`try!` inside): a full non-blocking pipe
/// (EAGAIN), a reader gone (EPIPE) or a full disk would kill the bot over a log line. Here a
/// write is retried on EINTR, waits up to a second for room on EAGAIN, and is otherwise dropped:
/// a log line that cannot be written cannot be logged either.
package enum StandardStream {
    package static let output: Int32 = 1
    package static let error: Int32 = 2

    /// Whether every byte was written.
    @discardableResult
    package static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress, buffer.count)
                #elseif canImport(Musl)
                Musl.write(descriptor, buffer.baseAddress, buffer.count)
                #else
                Darwin.write(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK, waitForRoom(descriptor) {
                continue
            } else {
                return false
            }
        }
        return true
    }

    private static func waitForRoom(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 1000) > 0
    }
}

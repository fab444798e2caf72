import Foundation

/// The file the bot writes a new recovery key to, for the operator to copy somewhere safe:
/// created with mode 0600 (readable only by the bot's user) under a temporary name and renamed
/// into place, so it is never briefly readable by others nor half written.
public struct RecoveryKeyFile: Sendable, Equatable {
    /// A recovery key is 59 characters; anything much larger is not one.
    static let maximumBytes = 1024

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The key's text, or nil when there is no file. A file that exists but cannot be read is
    /// reported with the reason (never its content).
    public func read() throws(CrossSigningFailure) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .recoveryKeyFileUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: Self.maximumBytes + 1)
        defer { bytes.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) } }
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes {
                Foundation.read(descriptor, $0.baseAddress! + count, $0.count - count)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        guard count <= Self.maximumBytes else { throw .recoveryKeyMalformed }
        return String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes `key` (and a line break) with mode 0600, replacing any earlier file.
    public func write(_ key: String) throws(CrossSigningFailure) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure() }
        var bytes = Array((key + "\n").utf8)
        defer { bytes.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) } }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                Foundation.write(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let error = failure()
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            let error = failure()
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure()
            unlink(temporary)
            throw error
        }
    }

    private func failure() -> CrossSigningFailure {
        .recoveryKeyFileUnwritable(path: path, reason: String(cString: strerror(errno)))
    }
}

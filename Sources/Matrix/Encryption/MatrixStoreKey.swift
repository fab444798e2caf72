import Crypto
import Foundation
import MatrixCrypto

/// The key that seals the Matrix end-to-end encryption state at rest (AES-256-GCM): from the
/// secret setting `matrix.store_key`, or, on SQLite without it, generated once and kept in a
/// file beside the database that only the bot's user may read. Never printed.
public struct MatrixStoreKey: Sendable, Equatable {
    let bytes: [UInt8]

    /// The fewest characters a configured store key may have.
    public static let minimumSecretLength = 16

    /// A key derived from the operator's secret text (any text of 16 characters or more: a
    /// passphrase or 32 random bytes in base64), so one setting works whatever its form.
    public init(secret: String) {
        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Array(secret.utf8)), salt: Array("gifbot matrix store key".utf8),
            info: Array("v1".utf8), outputByteCount: 32)
        bytes = derived.withUnsafeBytes { Array($0) }
    }

    init(bytes: [UInt8]) {
        precondition(bytes.count == 32, "a store key is 32 bytes")
        self.bytes = bytes
    }

    var symmetricKey: SymmetricKey { SymmetricKey(data: bytes) }

    public enum FileError: Error, CustomStringConvertible {
        case unusable(path: String, reason: String)

        public var description: String {
            switch self {
            case .unusable(let path, let reason): "the Matrix store key file \(path) cannot be used: \(reason)"
            }
        }
    }

    /// The key kept in `path`, created (mode 0600, 32 random bytes in base64) when missing. An
    /// existing file readable by others is refused: anyone who can read it can read the state.
    public static func loadOrCreate(at path: String) throws(FileError) -> (key: MatrixStoreKey, created: Bool) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            fchmod(descriptor, 0o600)
            let key = MatrixStoreKey(bytes: (0..<32).map { _ in UInt8.random(in: .min ... .max) })
            let text = Array((UnpaddedBase64.encode(key.bytes) + "\n").utf8)
            let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            let synced = fsync(descriptor) == 0
            close(descriptor)
            guard written == text.count, synced else {
                unlink(path)
                throw .unusable(path: path, reason: "it could not be written")
            }
            return (key, true)
        }
        guard errno == EEXIST else { throw .unusable(path: path, reason: String(cString: strerror(errno))) }
        guard let key = try existing(at: path) else { throw .unusable(path: path, reason: "it went away") }
        return (key, false)
    }

    /// The key kept in `path`, or nil when there is no such file (the bot has not made one):
    /// for the commands that read the state without creating it.
    public static func existing(at path: String) throws(FileError) -> MatrixStoreKey? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw .unusable(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & 0o077 == 0 else {
            throw .unusable(path: path, reason: "other users may read it (chmod 600 it)")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count < 1024,
            let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            let bytes = try? UnpaddedBase64.decode(text), bytes.count == 32
        else { throw .unusable(path: path, reason: "it does not hold a key") }
        return MatrixStoreKey(bytes: bytes)
    }
}

extension MatrixStoreKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "MatrixStoreKey(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }
}

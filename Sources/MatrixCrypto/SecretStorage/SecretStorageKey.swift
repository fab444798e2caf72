import Crypto

/// The 32-byte key of a secret-storage key (`m.secret_storage.key.*`), from which each secret's
/// AES and HMAC keys are derived. Kept as bytes because swift-crypto's `SymmetricKey` is not
/// `Sendable`; one is made from them only while deriving.
public struct SecretStorageKey: Sendable {
    public static let byteCount = 32

    /// The raw bytes, for whoever must hand them to another implementation (tests, the
    /// cross-check peer); everything else uses the key through this module.
    public let rawKey: [UInt8]

    /// A fresh random key.
    public static func generate() -> SecretStorageKey {
        SecretStorageKey(unchecked: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }

    init(unchecked rawKey: [UInt8]) {
        self.rawKey = rawKey
    }

    /// The key for swift-crypto.
    var key: SymmetricKey { SymmetricKey(data: rawKey) }

    /// A key from its 32 raw bytes (`.invalidKey` for any other length).
    public init(rawKey: [UInt8]) throws(MatrixCryptoError) {
        guard rawKey.count == Self.byteCount else { throw .invalidKey }
        self.rawKey = rawKey
    }
}

extension SecretStorageKey: Equatable {
    /// Compared in constant time.
    public static func == (left: SecretStorageKey, right: SecretStorageKey) -> Bool {
        ConstantTimeComparison.equal(left.rawKey, right.rawKey)
    }
}

extension SecretStorageKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// Never the key.
    public var description: String { "SecretStorageKey(redacted)" }
    public var debugDescription: String { description }
}

extension SecretStorageKey: RedactedReflection {}

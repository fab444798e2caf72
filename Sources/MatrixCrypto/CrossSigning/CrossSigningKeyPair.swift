import Crypto

/// One of an account's three cross-signing keys (client-server API, "Cross-signing"): an Ed25519
/// key whose public half is published with `/keys/device_signing/upload` and whose private half
/// lives only in the account's secret storage. The master key signs the other two; the
/// self-signing key signs the account's own devices; the user-signing key signs other users'
/// master keys.
///
/// Holds its 32-byte seed as bytes (swift-crypto's key types are not `Sendable` on Linux) and
/// makes a signing key only while signing. Call `erase()` once the key is no longer needed.
public struct CrossSigningKeyPair: Sendable {
    /// What the key is for: the `usage` of its published object and the name of its secret.
    public enum Usage: String, Sendable, CaseIterable {
        case master
        case selfSigning = "self_signing"
        case userSigning = "user_signing"

        /// The account data type (and secret name) its private key is stored under.
        public var secretName: String { "m.cross_signing.\(rawValue)" }
    }

    private var seed: [UInt8]
    /// Unpadded base64 of the public key: also the key's name in `ed25519:<name>`.
    public let publicKey: String

    /// A fresh random key.
    public static func generate() -> CrossSigningKeyPair {
        CrossSigningKeyPair(key: Curve25519.Signing.PrivateKey())
    }

    private init(key: Curve25519.Signing.PrivateKey) {
        seed = Array(key.rawRepresentation)
        publicKey = UnpaddedBase64.encode(key.publicKey.rawRepresentation)
    }

    /// The key from its 32-byte seed (`.invalidKey` for any other length).
    public init(seed: [UInt8]) throws(MatrixCryptoError) {
        guard seed.count == 32, let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else {
            throw .invalidKey
        }
        self.init(key: key)
    }

    /// The key from the secret secret storage holds: the UTF-8 of the seed's unpadded base64,
    /// as Element and the other clients store it.
    public init(secret: [UInt8]) throws(MatrixCryptoError) {
        guard secret.count <= 64 else { throw .invalidKey }
        var seed = try Base64Field.decode(
            String(decoding: secret, as: UTF8.self), byteCount: 32, orThrow: .invalidKey)
        defer { seed.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) } }
        try self.init(seed: seed)
    }

    /// The secret to store: the UTF-8 of the seed's unpadded base64. The caller zeroes it.
    public var secret: [UInt8] { Array(UnpaddedBase64.encode(seed).utf8) }

    /// Overwrites the seed; the value cannot sign afterwards.
    public mutating func erase() {
        seed.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) }
        seed = []
    }

    /// The object published for this key, not yet signed:
    /// `{"user_id": …, "usage": [<usage>], "keys": {"ed25519:<public>": "<public>"}}`.
    public func publicKeyObject(userID: String, usage: Usage) -> CanonicalJSONValue {
        [
            "user_id": .string(userID),
            "usage": [.string(usage.rawValue)],
            "keys": .object(["ed25519:\(publicKey)": .string(publicKey)]),
        ]
    }

    /// `object` with this key's signature added under `signatures.<userID>."ed25519:<public>"`.
    public func sign(_ object: CanonicalJSONValue, userID: String) throws(MatrixCryptoError) -> CanonicalJSONValue {
        guard seed.count == 32, let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else {
            throw .invalidKey
        }
        return try JSONSigning.sign(object, userID: userID, deviceID: publicKey, key: key)
    }
}

extension CrossSigningKeyPair: CustomStringConvertible, CustomDebugStringConvertible, RedactedReflection {
    /// The public key only.
    public var description: String { "CrossSigningKeyPair(public: \(publicKey))" }
    public var debugDescription: String { description }
}

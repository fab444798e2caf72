import Crypto

/// The key of an encrypted attachment as the JSON Web Key the specification fixes
/// (client-server API, "Sending encrypted attachments"): `{"kty": "oct", "key_ops": ["encrypt",
/// "decrypt"], "alg": "A256CTR", "k": <URL-safe unpadded base64 of 32 bytes>, "ext": true}`.
///
/// The key is kept as bytes because swift-crypto's `SymmetricKey` is not `Sendable`; a
/// `SymmetricKey` is made from them only for the moment of encryption or decryption.
public struct JSONWebKey: Sendable {
    /// Bytes of an AES-256 key.
    public static let keyByteCount = 32
    /// More key operations than any real JWK has; bounds the work a hostile object can ask for.
    static let maximumKeyOperations = 16

    let rawKey: [UInt8]

    /// A fresh random AES-256 key.
    public static func generate() -> JSONWebKey {
        JSONWebKey(unchecked: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }

    init(unchecked rawKey: [UInt8]) {
        self.rawKey = rawKey
    }

    /// The key for swift-crypto.
    var key: SymmetricKey { SymmetricKey(data: rawKey) }

    /// A key from its 32 raw bytes (for tests and the cross-check peer).
    public init(rawKey: [UInt8]) throws(MatrixCryptoError) {
        guard rawKey.count == Self.keyByteCount else { throw .encryptedFileInvalid(field: "key.k") }
        self.rawKey = rawKey
    }

    /// The JWK object, members as the specification lists them.
    public var json: CanonicalJSONValue {
        [
            "kty": "oct",
            "key_ops": ["encrypt", "decrypt"],
            "alg": "A256CTR",
            "k": .string(UnpaddedBase64.encodeURLSafe(rawKey)),
            "ext": true,
        ]
    }

    /// Parses the JWK strictly: every member the specification requires must be there with the
    /// value it requires (`key_ops` must contain at least `encrypt` and `decrypt`); other
    /// members are ignored, as JWK allows.
    public init(json: CanonicalJSONValue) throws(MatrixCryptoError) {
        guard let members = json.objectValue else { throw .encryptedFileInvalid(field: "key") }
        guard members["kty"]?.stringValue == "oct" else { throw .encryptedFileInvalid(field: "key.kty") }
        guard members["alg"]?.stringValue == "A256CTR" else { throw .encryptedFileInvalid(field: "key.alg") }
        guard members["ext"]?.boolValue == true else { throw .encryptedFileInvalid(field: "key.ext") }
        guard let operations = members["key_ops"]?.arrayValue, operations.count <= Self.maximumKeyOperations
        else { throw .encryptedFileInvalid(field: "key.key_ops") }
        let names = operations.compactMap(\.stringValue)
        guard names.count == operations.count, names.contains("encrypt"), names.contains("decrypt") else {
            throw .encryptedFileInvalid(field: "key.key_ops")
        }
        guard let encodedKey = members["k"]?.stringValue else { throw .encryptedFileInvalid(field: "key.k") }
        self.rawKey = try Base64Field.decode(
            encodedKey, urlSafe: true, byteCount: Self.keyByteCount, orThrow: .encryptedFileInvalid(field: "key.k"))
    }
}

extension JSONWebKey: Equatable {
    /// Compared in constant time, as everything holding key material is.
    public static func == (left: JSONWebKey, right: JSONWebKey) -> Bool {
        ConstantTimeComparison.equal(left.rawKey, right.rawKey)
    }
}

extension JSONWebKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// Never the key: these strings end up in logs.
    public var description: String { "JSONWebKey(A256CTR, redacted)" }
    public var debugDescription: String { description }
}

extension JSONWebKey: RedactedReflection {}

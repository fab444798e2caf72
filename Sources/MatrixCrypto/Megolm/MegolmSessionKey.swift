import Crypto

/// The key a Megolm sender shares with each recipient (specification: "Session-sharing format";
/// the `session_key` of m.room_key), 229 bytes:
///
///     version (0x02) | index (4 bytes, big-endian) | R(i,0..3) (128) | Ed25519 public key (32) | signature (64)
///
/// The signature, by the session's own Ed25519 key, covers the first 165 bytes; it is checked on
/// parsing, so a `MegolmSessionKey` value is always authentic for its public key.
public struct MegolmSessionKey: Sendable, Equatable {
    public static let version: UInt8 = 2
    public static let length = 229
    static let signedLength = 165

    let ratchet: MegolmRatchet
    let signingKey: [UInt8]
    /// The whole 229 bytes.
    public let bytes: [UInt8]

    /// The index the receiver can decrypt from.
    public var index: UInt32 { ratchet.index }
    /// The session id: unpadded base64 of the public key.
    public var sessionID: String { UnpaddedBase64.encode(signingKey) }

    /// Parses and verifies a session key. Throws `.unsupportedVersion`, `.megolmSessionKeyMalformed`
    /// for the wrong length, `.invalidKey`, or `.badSignature`.
    public init(bytes: some Collection<UInt8>) throws(MatrixCryptoError) {
        let bytes = Array(bytes)
        let fields = try MegolmKeyFields.parse(bytes, version: Self.version, length: Self.length)
        guard
            Ed25519Keys.isValidSignature(
                bytes[Self.signedLength...], for: bytes[..<Self.signedLength], publicKeyBytes: Array(fields.signingKey))
        else {
            throw .badSignature
        }
        ratchet = fields.ratchet
        signingKey = Array(fields.signingKey)
        self.bytes = bytes
    }

    /// Parses the unpadded base64 form (as m.room_key carries it).
    public init(base64: String) throws(MatrixCryptoError) {
        try self.init(bytes: try UnpaddedBase64.decode(base64))
    }

    /// Builds and signs the session key of `ratchet` with the session's private key.
    init(ratchet: MegolmRatchet, signingKey: Curve25519.Signing.PrivateKey) {
        let publicKey = Array(signingKey.publicKey.rawRepresentation)
        var bytes = MegolmKeyFields.encode(version: Self.version, ratchet: ratchet, signingKey: publicKey)
        do {
            bytes.append(contentsOf: try signingKey.signature(for: bytes))
        } catch {
            preconditionFailure("Ed25519 signing with a valid key over bytes in memory failed")
        }
        self.ratchet = ratchet
        self.signingKey = publicKey
        self.bytes = bytes
    }

    /// The unpadded base64 form.
    public var base64: String { UnpaddedBase64.encode(bytes) }
}

/// The key an inbound session is exported as (specification: "Session export format"), 165
/// bytes: version (0x01), index, ratchet and public key as in the session key, without a
/// signature. An exported key says nothing about who made it: whoever holds the ratchet can write one.
public struct MegolmExportedKey: Sendable, Equatable {
    public static let version: UInt8 = 1
    public static let length = 165

    let ratchet: MegolmRatchet
    let signingKey: [UInt8]
    /// The whole 165 bytes.
    public let bytes: [UInt8]

    /// The index the receiver can decrypt from.
    public var index: UInt32 { ratchet.index }
    /// The session id: unpadded base64 of the public key.
    public var sessionID: String { UnpaddedBase64.encode(signingKey) }

    /// Parses an exported key. Throws `.unsupportedVersion`, `.megolmSessionKeyMalformed` for the
    /// wrong length, or `.invalidKey`.
    public init(bytes: some Collection<UInt8>) throws(MatrixCryptoError) {
        let bytes = Array(bytes)
        let fields = try MegolmKeyFields.parse(bytes, version: Self.version, length: Self.length)
        ratchet = fields.ratchet
        signingKey = Array(fields.signingKey)
        self.bytes = bytes
    }

    /// Parses the unpadded base64 form (the `session_key` of a key export or forwarded room key).
    public init(base64: String) throws(MatrixCryptoError) {
        try self.init(bytes: try UnpaddedBase64.decode(base64))
    }

    init(ratchet: MegolmRatchet, signingKey: [UInt8]) {
        self.ratchet = ratchet
        self.signingKey = signingKey
        bytes = MegolmKeyFields.encode(version: Self.version, ratchet: ratchet, signingKey: signingKey)
    }

    /// The unpadded base64 form.
    public var base64: String { UnpaddedBase64.encode(bytes) }
}

/// The fields session keys and exported keys share, after the version byte.
struct MegolmKeyFields {
    let ratchet: MegolmRatchet
    let signingKey: ArraySlice<UInt8>

    /// Reads index, ratchet and public key from bytes at least 165 long.
    init(_ bytes: [UInt8]) {
        let index = bytes[1..<5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        ratchet = MegolmRatchet(parts: bytes[5..<133], index: index)
        signingKey = bytes[133..<165]
    }

    /// Checks the version, length and public key of a session key or an exported key, then
    /// reads it.
    static func parse(_ bytes: [UInt8], version: UInt8, length: Int) throws(MatrixCryptoError) -> MegolmKeyFields {
        guard let first = bytes.first else { throw .megolmSessionKeyMalformed }
        guard first == version else { throw .unsupportedVersion(first) }
        guard bytes.count == length else { throw .megolmSessionKeyMalformed }
        let fields = MegolmKeyFields(bytes)
        _ = try Ed25519Keys.publicKey(fields.signingKey)
        return fields
    }

    static func encode(version: UInt8, ratchet: MegolmRatchet, signingKey: [UInt8]) -> [UInt8] {
        var bytes = [version]
        for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: ratchet.index >> UInt32(shift))) }
        bytes.append(contentsOf: ratchet.parts)
        bytes.append(contentsOf: signingKey)
        return bytes
    }
}

extension MegolmSessionKey: CustomStringConvertible {
    public var description: String { "MegolmSessionKey(session: \(sessionID), index: \(index))" }
}

extension MegolmExportedKey: CustomStringConvertible {
    public var description: String { "MegolmExportedKey(session: \(sessionID), index: \(index))" }
}

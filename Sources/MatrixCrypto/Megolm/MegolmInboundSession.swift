import Crypto

/// What a successful Megolm decryption gives: the plaintext (the event's JSON) and the index it
/// was sent at, which the caller hands to `MegolmReplayGuard` with the event id.
public struct MegolmDecrypted: Sendable, Equatable {
    public let plaintext: [UInt8]
    public let messageIndex: UInt32

    /// The plaintext as UTF-8 text (invalid sequences replaced).
    public var text: String { String(decoding: plaintext, as: UTF8.self) }
}

extension MegolmDecrypted: CustomStringConvertible {
    public var description: String { "MegolmDecrypted(index: \(messageIndex), \(plaintext.count) bytes)" }
}

/// The receiving side of a Megolm session (specification: olm-megolm/megolm), made from a
/// session key (signed by the sender's session key, via m.room_key) or an exported key (from a
/// key backup, a key export or m.forwarded_room_key: not signed, so `isAuthenticated` is false).
///
/// It keeps the ratchet at the first index it knows, to decrypt any later message, and the
/// ratchet at the latest index it has decrypted, so that reading messages in order costs one
/// step each.
public struct MegolmInboundSession: Sendable {
    private let initialRatchet: MegolmRatchet
    private var latestRatchet: MegolmRatchet
    /// The sender's Ed25519 public key (bytes: swift-crypto's key type is not `Sendable` on Linux).
    private let signingKeyBytes: [UInt8]
    /// Whether the session came from a session key whose signature verified (m.room_key), rather
    /// than from an exported key anyone holding the ratchet could have written.
    public let isAuthenticated: Bool

    /// From a session key (its signature was checked when it was parsed).
    public init(sessionKey: MegolmSessionKey) throws(MatrixCryptoError) {
        try self.init(
            ratchet: sessionKey.ratchet, signingKey: Ed25519Keys.publicKey(sessionKey.signingKey), isAuthenticated: true
        )
    }

    /// From an exported key.
    public init(exportedKey: MegolmExportedKey) throws(MatrixCryptoError) {
        try self.init(
            ratchet: exportedKey.ratchet, signingKey: Ed25519Keys.publicKey(exportedKey.signingKey),
            isAuthenticated: false)
    }

    /// From the unpadded base64 session key of m.room_key.
    public init(sessionKeyBase64: String) throws(MatrixCryptoError) {
        try self.init(sessionKey: MegolmSessionKey(base64: sessionKeyBase64))
    }

    /// From the unpadded base64 exported key of a key export or m.forwarded_room_key.
    public init(exportedKeyBase64: String) throws(MatrixCryptoError) {
        try self.init(exportedKey: MegolmExportedKey(base64: exportedKeyBase64))
    }

    private init(ratchet: MegolmRatchet, signingKey: Curve25519.Signing.PublicKey, isAuthenticated: Bool) {
        initialRatchet = ratchet
        latestRatchet = ratchet
        signingKeyBytes = Array(signingKey.rawRepresentation)
        self.isAuthenticated = isAuthenticated
    }

    /// The sender's Ed25519 session key (checked when the session was made, so this cannot fail).
    public var signingKey: Curve25519.Signing.PublicKey {
        do {
            return try Curve25519.Signing.PublicKey(rawRepresentation: signingKeyBytes)
        } catch {
            preconditionFailure("a session key checked when the session was made was refused")
        }
    }

    /// Unpadded base64 of the sender's Ed25519 session key.
    public var sessionID: String { UnpaddedBase64.encode(signingKeyBytes) }

    /// The earliest index this session can decrypt.
    public var firstKnownIndex: UInt32 { initialRatchet.index }

    /// Decrypts `message`: its signature is verified first, then the MAC (in constant time) with
    /// the keys of its index, and only then is the ciphertext decrypted. Throws `.badSignature`,
    /// `.unknownMessageIndex` for an index before `firstKnownIndex`, `.badMAC` or `.badPadding`.
    /// Nothing changes in the session unless the message decrypts.
    public mutating func decrypt(_ message: MegolmMessage) throws(MatrixCryptoError) -> MegolmDecrypted {
        guard Ed25519Keys.isValidSignature(message.signature, for: message.signedBytes, publicKeyBytes: signingKeyBytes)
        else {
            throw .badSignature
        }
        let ratchet = try ratchet(at: message.messageIndex)
        let cipher = ratchet.cipher
        guard cipher.isValidMAC(message.mac, for: message.macInput) else { throw .badMAC }
        let plaintext = try cipher.decrypt(message.ciphertext)
        if ratchet.index > latestRatchet.index { latestRatchet = ratchet }
        return MegolmDecrypted(plaintext: plaintext, messageIndex: message.messageIndex)
    }

    /// Decrypts an unpadded base64 message (the `ciphertext` of an m.room.encrypted event).
    public mutating func decrypt(base64: String) throws(MatrixCryptoError) -> MegolmDecrypted {
        try decrypt(MegolmMessage(base64: base64))
    }

    /// The session exported at `index` (not before `firstKnownIndex`): who imports it can read
    /// messages from that index on.
    public func export(at index: UInt32) throws(MatrixCryptoError) -> MegolmExportedKey {
        MegolmExportedKey(ratchet: try ratchet(at: index), signingKey: signingKeyBytes)
    }

    /// The session exported at its first known index.
    public func exportAtFirstKnownIndex() -> MegolmExportedKey {
        MegolmExportedKey(ratchet: initialRatchet, signingKey: signingKeyBytes)
    }

    /// The ratchet at `index`: from the latest one when it is not past it (the common case of
    /// messages in order), else from the initial one.
    private func ratchet(at index: UInt32) throws(MatrixCryptoError) -> MegolmRatchet {
        guard index >= initialRatchet.index else {
            throw .unknownMessageIndex(firstKnown: initialRatchet.index, requested: index)
        }
        var ratchet = index >= latestRatchet.index ? latestRatchet : initialRatchet
        ratchet.advance(to: index)
        return ratchet
    }

    // MARK: Pickle

    /// Version 1: initial ratchet (index, 128 bytes), latest ratchet (index, 128 bytes), Ed25519
    /// public key (32 bytes), authenticated flag.
    static let pickleVersion: UInt32 = 1

    /// The session as bytes for storage. They hold the ratchet: encrypt them.
    public func pickle() -> [UInt8] {
        var writer = PickleWriter(version: Self.pickleVersion)
        for ratchet in [initialRatchet, latestRatchet] {
            writer.write(ratchet.index)
            writer.writeFixed(ratchet.parts)
        }
        writer.writeFixed(signingKeyBytes)
        writer.write(isAuthenticated)
        return writer.bytes
    }

    /// A session from `pickle()`'s bytes. Refuses a latest ratchet before the initial one.
    public init(pickle bytes: [UInt8]) throws(MatrixCryptoError) {
        var reader = try PickleReader(bytes: bytes, supportedVersions: 1...Self.pickleVersion)
        let initialIndex = try reader.readUInt32()
        let initialParts = try reader.readFixed(count: MegolmRatchet.length)
        let latestIndex = try reader.readUInt32()
        let latestParts = try reader.readFixed(count: MegolmRatchet.length)
        let publicKey = try reader.readFixed(count: 32)
        let authenticated = try reader.readBool()
        try reader.finish()
        guard latestIndex >= initialIndex else { throw .pickleMalformed }
        initialRatchet = MegolmRatchet(parts: initialParts, index: initialIndex)
        latestRatchet = MegolmRatchet(parts: latestParts, index: latestIndex)
        _ = try Ed25519Keys.publicKey(publicKey)
        signingKeyBytes = publicKey
        isAuthenticated = authenticated
    }
}

extension MegolmInboundSession: CustomStringConvertible {
    /// Public parts only.
    public var description: String {
        "MegolmInboundSession(session: \(sessionID), first known index: \(firstKnownIndex))"
    }
}

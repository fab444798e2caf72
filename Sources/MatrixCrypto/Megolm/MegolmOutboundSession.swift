import Crypto

/// The sending side of a Megolm session (specification: olm-megolm/megolm): a ratchet and an
/// Ed25519 key pair whose public half is the session id. Every message is encrypted with the
/// keys of the current ratchet index and signed; the ratchet then advances, so a recipient who
/// is given the session key at index n can read messages n and later, never earlier ones.
public struct MegolmOutboundSession: Sendable {
    private var ratchet: MegolmRatchet
    /// The Ed25519 private key, which signs every message and the session key.
    private let signer: MegolmSigningKey
    /// The session id (unpadded base64 of the Ed25519 public key), derived once: deriving it
    /// from the seed is a scalar multiplication, and every message names its session.
    public let sessionID: String

    /// A new session: random ratchet at index 0, new signing key.
    public init() {
        ratchet = .random()
        signer = MegolmSigningKey()
        sessionID = UnpaddedBase64.encode(signer.publicKeyBytes)
    }

    /// The session's Ed25519 public key.
    public var publicKey: Curve25519.Signing.PublicKey {
        do {
            return try Ed25519Keys.publicKey(signer.publicKeyBytes)
        } catch {
            preconditionFailure("the public key of a valid Ed25519 private key was refused")
        }
    }

    /// The index the next message will have.
    public var messageIndex: UInt32 { ratchet.index }

    /// The signed session key at the current index, to share with recipients over Olm.
    public var sessionKey: MegolmSessionKey { signer.sessionKey(at: ratchet) }

    /// Encrypts and signs `plaintext` at the current index, then advances the ratchet.
    /// Throws `.megolmIndexExhausted` after 2^32 - 1 messages (a new session is due long before).
    public mutating func encrypt(_ plaintext: some Collection<UInt8>) throws(MatrixCryptoError) -> MegolmMessage {
        guard ratchet.index < UInt32.max else { throw .megolmIndexExhausted }
        let cipher = ratchet.cipher
        let message = MegolmMessage.seal(
            index: ratchet.index, ciphertext: cipher.encrypt(plaintext), cipher: cipher,
            sign: signer.signature(for:))
        ratchet.advance()
        return message
    }

    /// Encrypts the UTF-8 of `text` (the JSON of the event) and returns the message as unpadded base64.
    public mutating func encrypt(_ text: String) throws(MatrixCryptoError) -> String {
        try encrypt(Array(text.utf8)).base64
    }

    /// Moves the session forward to `index` without sending, as if the messages before it had been
    /// sent and lost (no-op when it is not ahead). Receivers follow with the ratchet's jump; it gives
    /// up nothing, as a later index never reveals an earlier one. Tests and cross-checks use it to
    /// reach far indices (65,536) without encrypting every message before.
    public mutating func advance(to index: UInt32) {
        ratchet.advance(to: index)
    }

    // MARK: Pickle

    /// Version 1: ratchet index, ratchet (128 bytes), Ed25519 private key seed (32 bytes).
    static let pickleVersion: UInt32 = 1

    /// The session as bytes for storage. They hold the ratchet and the private key: encrypt them.
    public func pickle() -> [UInt8] {
        var writer = PickleWriter(version: Self.pickleVersion)
        writer.write(ratchet.index)
        writer.writeFixed(ratchet.parts)
        writer.writeFixed(signer.seed)
        return writer.bytes
    }

    /// A session from `pickle()`'s bytes.
    public init(pickle bytes: [UInt8]) throws(MatrixCryptoError) {
        var reader = try PickleReader(bytes: bytes, supportedVersions: 1...Self.pickleVersion)
        let index = try reader.readUInt32()
        let parts = try reader.readFixed(count: MegolmRatchet.length)
        let seed = try reader.readFixed(count: 32)
        try reader.finish()
        signer = try MegolmSigningKey(seed: seed)
        sessionID = UnpaddedBase64.encode(signer.publicKeyBytes)
        ratchet = MegolmRatchet(parts: parts, index: index)
    }
}

extension MegolmOutboundSession: CustomStringConvertible {
    /// Public parts only.
    public var description: String { "MegolmOutboundSession(session: \(sessionID), index: \(messageIndex))" }
}

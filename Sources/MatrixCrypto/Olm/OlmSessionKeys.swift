import Crypto

/// The three public keys that start an Olm session, named from the side that created it
/// (Alice): her identity key, her base key, and the one-time (or fallback) key of Bob's she
/// claimed. Every pre-key message carries them, which is how a message is matched to a session.
public struct OlmSessionKeys: Sendable, Equatable {
    public let identityKey: [UInt8]
    public let baseKey: [UInt8]
    public let oneTimeKey: [UInt8]

    /// The session id: unpadded base64 of SHA-256(identity key ‖ base key ‖ one-time key),
    /// the same on both sides, as libolm and vodozemac compute it.
    public var sessionID: String {
        var hash = SHA256()
        hash.update(data: identityKey)
        hash.update(data: baseKey)
        hash.update(data: oneTimeKey)
        return UnpaddedBase64.encode(hash.finalize())
    }
}

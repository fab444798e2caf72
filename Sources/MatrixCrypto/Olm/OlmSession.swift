/// An Olm session with one other device: the double ratchet of the specification's
/// `olm-megolm/olm` page, keyed by the 3DH of the keys in `sessionKeys`.
///
/// A value: `encrypt` and `decrypt` are `mutating`, and a call that throws leaves the session as
/// it was (a forged or replayed message cannot move the ratchet). Store `pickle()` after each.
public struct OlmSession: Sendable {
    /// The most receiving chains kept (vodozemac's limit): older ones are dropped, and their
    /// late messages can no longer be decrypted.
    public static let maximumReceivingChains = 5

    public let sessionKeys: OlmSessionKeys
    var sendingRatchet: OlmSendingRatchet
    /// Oldest first.
    var receivingChains: [OlmReceiverChain]

    init(sessionKeys: OlmSessionKeys, sendingRatchet: OlmSendingRatchet, receivingChains: [OlmReceiverChain]) {
        self.sessionKeys = sessionKeys
        self.sendingRatchet = sendingRatchet
        self.receivingChains = receivingChains
    }

    /// The session id, the same on both sides (see `OlmSessionKeys.sessionID`).
    public var sessionID: String { sessionKeys.sessionID }

    /// Whether the other side has been heard from. Until then our messages are pre-key messages,
    /// so that the other side can create the session from whichever arrives first.
    public var hasReceivedMessage: Bool { !receivingChains.isEmpty }

    /// Encrypts `plaintext` as the next message of our sending chain.
    public mutating func encrypt(_ plaintext: some Collection<UInt8>) throws(MatrixCryptoError) -> OlmEncryptedMessage {
        var ratchet = sendingRatchet
        let (messageKey, ratchetKey) = try ratchet.nextMessageKey()
        let cipher = AESCBCHMACCipher(secret: messageKey.key, info: AESCBCHMACCipher.olmInfo)
        let message = OlmMessage(
            ratchetKey: ratchetKey, chainIndex: messageKey.index, ciphertext: cipher.encrypt(plaintext), cipher: cipher)
        sendingRatchet = ratchet
        guard hasReceivedMessage else { return .preKey(OlmPreKeyMessage(sessionKeys: sessionKeys, message: message)) }
        return .normal(message)
    }

    /// Decrypts a message of this session. A pre-key message must carry this session's keys.
    public mutating func decrypt(_ message: OlmEncryptedMessage) throws(MatrixCryptoError) -> [UInt8] {
        if case .preKey(let preKeyMessage) = message, preKeyMessage.sessionKeys != sessionKeys {
            throw .olmSessionMismatch
        }
        return try decrypt(message.message)
    }

    /// Whether `preKeyMessage` belongs to this session (same identity, base and one-time key), so
    /// that a second pre-key message of a session we already have is decrypted by it instead of
    /// being taken for a new session (whose one-time key is gone).
    public func matches(preKeyMessage: OlmPreKeyMessage) -> Bool {
        preKeyMessage.sessionKeys == sessionKeys
    }

    /// As `matches(preKeyMessage:)`; a normal message never matches (it names no session).
    public func matches(_ message: OlmEncryptedMessage) -> Bool {
        guard case .preKey(let preKeyMessage) = message else { return false }
        return matches(preKeyMessage: preKeyMessage)
    }

    private mutating func decrypt(_ message: OlmMessage) throws(MatrixCryptoError) -> [UInt8] {
        if let index = receivingChains.firstIndex(where: { $0.ratchetKey == message.ratchetKey }) {
            var chain = receivingChains[index]
            let plaintext = try chain.decrypt(message)
            receivingChains[index] = chain
            return plaintext
        }
        // A ratchet key we have not seen: the other side turned the ratchet. Derive the new root
        // and receiving chain, and keep them only if the message decrypts with them.
        let (ratchet, newChain) = try sendingRatchet.advanced(theirRatchetKey: message.ratchetKey)
        var chain = newChain
        let plaintext = try chain.decrypt(message)
        sendingRatchet = ratchet
        receivingChains.append(chain)
        if receivingChains.count > Self.maximumReceivingChains {
            receivingChains.removeFirst(receivingChains.count - Self.maximumReceivingChains)
        }
        return plaintext
    }
}

extension OlmSession: CustomStringConvertible {
    /// The id and the ratchet's shape; no key material.
    public var description: String {
        "OlmSession(id: \(sessionID), sending: \(sendingRatchet), receiving chains: \(receivingChains.count))"
    }
}

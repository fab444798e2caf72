import Crypto

/// Creating sessions from the account: outbound from another device's claimed one-time key,
/// inbound from a pre-key message that names one of ours.
extension OlmAccount {
    /// Starts a session with the device whose Curve25519 identity key and claimed one-time (or
    /// fallback) key are given (unpadded base64, as `/keys/claim` returns them). The signature on
    /// the one-time key must have been verified by the caller against the device's Ed25519 key.
    public func createOutboundSession(
        theirIdentityKey: String, theirOneTimeKey: String
    ) throws(MatrixCryptoError) -> OlmSession {
        let theirIdentity = try OlmKeyAgreement.publicKey(base64: theirIdentityKey)
        let theirOneTime = try OlmKeyAgreement.publicKey(base64: theirOneTimeKey)
        let baseKey = OlmCurveKeyPair.generate()
        let secret = OlmKeyAgreement.tripleSecret(
            try OlmKeyAgreement.sharedSecret(identityKey.privateKey(), theirOneTime),
            try OlmKeyAgreement.sharedSecret(baseKey.privateKey(), theirIdentity),
            try OlmKeyAgreement.sharedSecret(baseKey.privateKey(), theirOneTime))
        let (root, chain) = OlmRootKey.initial(sharedSecret: secret)
        let keys = OlmSessionKeys(
            identityKey: identityKey.publicKey, baseKey: baseKey.publicKey,
            oneTimeKey: Array(theirOneTime.rawRepresentation))
        return OlmSession(
            sessionKeys: keys, sendingRatchet: .active(root: root, ratchetKey: .generate(), chain: chain),
            receivingChains: [])
    }

    /// What `createInboundSession` gives: the session, the first message's plaintext, and whether
    /// the key it used was the fallback key (then the caller should generate and upload a new one).
    public struct InboundSession: Sendable {
        public let session: OlmSession
        public let plaintext: [UInt8]
        public let usedFallbackKey: Bool
    }

    /// Creates the session a pre-key message from `theirIdentityKey` (the `sender_key` of the
    /// event) starts, and decrypts it. The one-time key it used is removed only once the message
    /// decrypted, so a forged pre-key message cannot use up our keys.
    ///
    /// Check `OlmSession.matches(preKeyMessage:)` on the sessions already held first: a second
    /// pre-key message of an existing session names a one-time key that is gone.
    public mutating func createInboundSession(
        theirIdentityKey: String, preKeyMessage: OlmPreKeyMessage
    ) throws(MatrixCryptoError) -> InboundSession {
        let keys = preKeyMessage.sessionKeys
        let theirIdentity = try OlmKeyAgreement.publicKey(base64: theirIdentityKey)
        guard Array(theirIdentity.rawRepresentation) == keys.identityKey else { throw .olmIdentityKeyMismatch }
        let oneTimeKey = oneTimeKeys.pair(forPublicKey: keys.oneTimeKey)
        guard let ourKey = oneTimeKey ?? fallbackKeys.pair(forPublicKey: keys.oneTimeKey) else {
            throw .olmUnknownOneTimeKey
        }
        let theirBase = try OlmKeyAgreement.publicKey(keys.baseKey)
        let secret = OlmKeyAgreement.tripleSecret(
            try OlmKeyAgreement.sharedSecret(ourKey.privateKey(), theirIdentity),
            try OlmKeyAgreement.sharedSecret(identityKey.privateKey(), theirBase),
            try OlmKeyAgreement.sharedSecret(ourKey.privateKey(), theirBase))
        let (root, chain) = OlmRootKey.initial(sharedSecret: secret)
        let theirRatchetKey = preKeyMessage.message.ratchetKey
        var session = OlmSession(
            sessionKeys: keys, sendingRatchet: .inactive(root: root, theirRatchetKey: theirRatchetKey),
            receivingChains: [OlmReceiverChain(ratchetKey: theirRatchetKey, chainKey: chain)])
        let plaintext = try session.decrypt(.preKey(preKeyMessage))
        if oneTimeKey != nil {
            oneTimeKeys.remove(publicKey: keys.oneTimeKey)
        }
        return InboundSession(session: session, plaintext: plaintext, usedFallbackKey: oneTimeKey == nil)
    }
}

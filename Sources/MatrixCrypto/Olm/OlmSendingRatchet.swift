/// Our half of the double ratchet: the root key and, once we have one, the ratchet key and chain
/// we send with.
///
/// It is "inactive" after we learnt a new ratchet key of theirs (or, for the receiver of a
/// pre-key message, from the start): the next message we send then makes a new ratchet key pair,
/// which advances the root with their key. It is "active" while we keep sending on one chain.
enum OlmSendingRatchet: Sendable {
    case active(root: OlmRootKey, ratchetKey: OlmCurveKeyPair, chain: OlmChainKey)
    case inactive(root: OlmRootKey, theirRatchetKey: [UInt8])

    /// The key for our next message and the ratchet public key it goes out under.
    mutating func nextMessageKey() throws(MatrixCryptoError) -> (key: OlmMessageKey, ratchetKey: [UInt8]) {
        let (root, ratchetKey, chain) = try activated()
        self = .active(root: root, ratchetKey: ratchetKey, chain: chain.advanced())
        return (chain.messageKey(), ratchetKey.publicKey)
    }

    /// The state after receiving a message under their new ratchet key `theirRatchetKey`, and the
    /// receiving chain for it. Nothing changes here: the session commits both only once the
    /// message decrypted, so that a forged message cannot move the ratchet.
    func advanced(theirRatchetKey: [UInt8]) throws(MatrixCryptoError) -> (OlmSendingRatchet, OlmReceiverChain) {
        let (root, ratchetKey, _) = try activated()
        let (nextRoot, chain) = try root.advanced(
            ourRatchetKey: ratchetKey.privateKey(), theirRatchetKey: OlmKeyAgreement.publicKey(theirRatchetKey))
        return (
            .inactive(root: nextRoot, theirRatchetKey: theirRatchetKey),
            OlmReceiverChain(ratchetKey: theirRatchetKey, chainKey: chain)
        )
    }

    /// The active state: as is, or from a new ratchet key pair if inactive.
    private func activated() throws(MatrixCryptoError) -> (OlmRootKey, OlmCurveKeyPair, OlmChainKey) {
        switch self {
        case .active(let root, let ratchetKey, let chain):
            return (root, ratchetKey, chain)
        case .inactive(let root, let theirRatchetKey):
            let ratchetKey = OlmCurveKeyPair.generate()
            let (nextRoot, chain) = try root.advanced(
                ourRatchetKey: ratchetKey.privateKey(), theirRatchetKey: OlmKeyAgreement.publicKey(theirRatchetKey))
            return (nextRoot, ratchetKey, chain)
        }
    }
}

extension OlmSendingRatchet: CustomStringConvertible {
    var description: String {
        switch self {
        case .active(_, let ratchetKey, let chain):
            "active(ratchet key: \(ratchetKey.publicKeyBase64), chain index: \(chain.index))"
        case .inactive: "inactive"
        }
    }
}

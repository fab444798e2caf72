/// One of the sender's chains as we receive it: their ratchet public key, our copy of their
/// chain key, and the keys of messages we skipped on it (delivered late or never).
///
/// The limits are vodozemac's: a message at most `maximumGap` (2,000) ahead of the chain is
/// accepted, and at most `maximumSkippedKeys` (40) skipped keys are kept per chain, the newest
/// ones; a message whose key is no longer kept cannot be decrypted. An attacker thus costs us at
/// most 2,000 HMACs per message, and a chain's memory stays bounded.
struct OlmReceiverChain: Sendable {
    static let maximumGap: UInt64 = 2_000
    static let maximumSkippedKeys = 40

    let ratchetKey: [UInt8]
    private(set) var chainKey: OlmChainKey
    /// Oldest first.
    private(set) var skippedKeys: [OlmMessageKey]

    init(ratchetKey: [UInt8], chainKey: OlmChainKey, skippedKeys: [OlmMessageKey] = []) {
        self.ratchetKey = ratchetKey
        self.chainKey = chainKey
        self.skippedKeys = skippedKeys
    }

    /// Decrypts `message` (which must be on this chain) and only then moves the chain on and
    /// forgets the key used, so that a message that fails leaves the chain as it was.
    mutating func decrypt(_ message: OlmMessage) throws(MatrixCryptoError) -> [UInt8] {
        let index = message.chainIndex
        if index < chainKey.index {
            guard let position = skippedKeys.firstIndex(where: { $0.index == index }) else {
                throw .olmMessageKeyNotFound(index: index)
            }
            let plaintext = try Self.decrypt(message, with: skippedKeys[position])
            skippedKeys.remove(at: position)
            return plaintext
        }
        let gap = index - chainKey.index
        guard gap <= Self.maximumGap else { throw .olmMessageGapTooLarge(gap: gap, limit: Self.maximumGap) }
        var chain = chainKey
        var skipped: [OlmMessageKey] = []
        while chain.index < index {
            // Keys that would be dropped at once are not derived into the list.
            if index - chain.index <= UInt64(Self.maximumSkippedKeys) {
                skipped.append(chain.messageKey())
            }
            chain = chain.advanced()
        }
        let plaintext = try Self.decrypt(message, with: chain.messageKey())
        chainKey = chain.advanced()
        skippedKeys.append(contentsOf: skipped)
        if skippedKeys.count > Self.maximumSkippedKeys {
            skippedKeys.removeFirst(skippedKeys.count - Self.maximumSkippedKeys)
        }
        return plaintext
    }

    /// The MAC is compared (in constant time) before a byte is decrypted.
    private static func decrypt(_ message: OlmMessage, with key: OlmMessageKey) throws(MatrixCryptoError) -> [UInt8] {
        let cipher = AESCBCHMACCipher(secret: key.key, info: AESCBCHMACCipher.olmInfo)
        guard cipher.isValidMAC(message.mac, for: message.authenticatedBytes) else { throw .badMAC }
        return try cipher.decrypt(message.ciphertext)
    }
}

extension OlmReceiverChain: CustomStringConvertible {
    var description: String {
        "OlmReceiverChain(ratchet key: \(UnpaddedBase64.encode(ratchetKey)), chain index: \(chainKey.index), "
            + "skipped keys: \(skippedKeys.count))"
    }
}

/// The session's pickle (see `PickleWriter`).
///
/// Version 1: the session keys (identity, base, one-time: 32 bytes each); the sending ratchet
/// (UInt8 0 = inactive: root key 32, their ratchet key 32; 1 = active: root key 32, our ratchet
/// private key 32, chain key 32, chain index UInt64); the receiving chains (count ≤ 5; each their
/// ratchet key 32, chain key 32, chain index UInt64, skipped keys (count ≤ 40; each index
/// UInt64, message key 32)).
extension OlmSession {
    static let pickleVersion: UInt32 = 1
    private static let inactiveTag: UInt8 = 0
    private static let activeTag: UInt8 = 1

    /// The session as bytes to store (encrypted: they hold the ratchet's secrets).
    public func pickle() -> [UInt8] {
        var writer = PickleWriter(version: Self.pickleVersion)
        writer.writeFixed(sessionKeys.identityKey)
        writer.writeFixed(sessionKeys.baseKey)
        writer.writeFixed(sessionKeys.oneTimeKey)
        switch sendingRatchet {
        case .inactive(let root, let theirRatchetKey):
            writer.write(Self.inactiveTag)
            writer.writeFixed(root.key)
            writer.writeFixed(theirRatchetKey)
        case .active(let root, let ratchetKey, let chain):
            writer.write(Self.activeTag)
            writer.writeFixed(root.key)
            writer.writeFixed(ratchetKey.secret)
            writer.writeFixed(chain.key)
            writer.write(chain.index)
        }
        writer.writeCount(receivingChains.count)
        for chain in receivingChains {
            writer.writeFixed(chain.ratchetKey)
            writer.writeFixed(chain.chainKey.key)
            writer.write(chain.chainKey.index)
            writer.writeCount(chain.skippedKeys.count)
            for key in chain.skippedKeys {
                writer.write(key.index)
                writer.writeFixed(key.key)
            }
        }
        return writer.bytes
    }

    /// The session a `pickle()` stored.
    public init(pickle: [UInt8]) throws(MatrixCryptoError) {
        var reader = try PickleReader(bytes: pickle, supportedVersions: 1...Self.pickleVersion)
        let keys = OlmSessionKeys(
            identityKey: try reader.readFixed(count: 32), baseKey: try reader.readFixed(count: 32),
            oneTimeKey: try reader.readFixed(count: 32))
        let sendingRatchet: OlmSendingRatchet
        switch try reader.readUInt8() {
        case Self.inactiveTag:
            sendingRatchet = .inactive(
                root: OlmRootKey(key: try reader.readFixed(count: 32)), theirRatchetKey: try reader.readFixed(count: 32)
            )
        case Self.activeTag:
            let root = OlmRootKey(key: try reader.readFixed(count: 32))
            let ratchetKey = try OlmCurveKeyPair(secret: try reader.readFixed(count: 32))
            let chainKey = try reader.readFixed(count: 32)
            sendingRatchet = .active(
                root: root, ratchetKey: ratchetKey, chain: OlmChainKey(key: chainKey, index: try reader.readUInt64()))
        default:
            throw .pickleMalformed
        }
        var chains: [OlmReceiverChain] = []
        for _ in 0..<(try reader.readCount(maximum: Self.maximumReceivingChains)) {
            let ratchetKey = try reader.readFixed(count: 32)
            let chainKey = try reader.readFixed(count: 32)
            let chain = OlmChainKey(key: chainKey, index: try reader.readUInt64())
            var skipped: [OlmMessageKey] = []
            for _ in 0..<(try reader.readCount(maximum: OlmReceiverChain.maximumSkippedKeys)) {
                let index = try reader.readUInt64()
                skipped.append(OlmMessageKey(key: try reader.readFixed(count: 32), index: index))
            }
            chains.append(OlmReceiverChain(ratchetKey: ratchetKey, chainKey: chain, skippedKeys: skipped))
        }
        try reader.finish()
        self.init(sessionKeys: keys, sendingRatchet: sendingRatchet, receivingChains: chains)
    }
}

import Crypto

/// The account's pickle (see `PickleWriter`): the private keys and the key bookkeeping.
/// Public keys are not stored; they are derived again from the private ones when loading.
///
/// Version 1: Ed25519 seed (32), Curve25519 identity secret (32), next key id (UInt64),
/// one-time keys (count ≤ 100; each id UInt64, secret 32, published Bool), then the current and
/// the previous fallback key (each a presence Bool, then id, secret, published).
extension OlmAccount {
    static let pickleVersion: UInt32 = 1

    /// The account as bytes to store (encrypted: they are the device's private keys).
    public func pickle() -> [UInt8] {
        var writer = PickleWriter(version: Self.pickleVersion)
        writer.writeFixed(signingKeySeed)
        writer.writeFixed(identityKey.secret)
        writer.write(nextKeyID)
        writer.writeCount(oneTimeKeys.keys.count)
        for key in oneTimeKeys.keys {
            writer.write(key.id)
            writer.writeFixed(key.pair.secret)
            writer.write(key.isPublished)
        }
        for key in [fallbackKeys.current, fallbackKeys.previous] {
            writer.write(key != nil)
            if let key {
                writer.write(key.id)
                writer.writeFixed(key.pair.secret)
                writer.write(key.isPublished)
            }
        }
        return writer.bytes
    }

    /// The account a `pickle()` stored.
    public init(pickle: [UInt8]) throws(MatrixCryptoError) {
        var reader = try PickleReader(bytes: pickle, supportedVersions: 1...Self.pickleVersion)
        let seed = try reader.readFixed(count: 32)
        let signingPublicKey: [UInt8]
        do {
            signingPublicKey = Array(
                try Curve25519.Signing.PrivateKey(rawRepresentation: seed).publicKey.rawRepresentation)
        } catch {
            throw .pickleMalformed
        }
        let identityKey = try OlmCurveKeyPair(secret: try reader.readFixed(count: 32))
        let nextKeyID = try reader.readUInt64()
        var oneTimeKeys = OlmOneTimeKeys()
        for _ in 0..<(try reader.readCount(maximum: OlmOneTimeKeys.maximumCount)) {
            let id = try reader.readUInt64()
            let pair = try OlmCurveKeyPair(secret: try reader.readFixed(count: 32))
            oneTimeKeys.add(.init(id: id, pair: pair, isPublished: try reader.readBool()))
        }
        var fallbackKeys: [OlmFallbackKeys.Key?] = []
        for _ in 0..<2 {
            guard try reader.readBool() else {
                fallbackKeys.append(nil)
                continue
            }
            let id = try reader.readUInt64()
            let pair = try OlmCurveKeyPair(secret: try reader.readFixed(count: 32))
            fallbackKeys.append(.init(id: id, pair: pair, isPublished: try reader.readBool()))
        }
        try reader.finish()
        self.init(
            identityKey: identityKey, signingKeySeed: seed, signingPublicKey: signingPublicKey,
            oneTimeKeys: oneTimeKeys,
            fallbackKeys: OlmFallbackKeys(current: fallbackKeys[0], previous: fallbackKeys[1]),
            nextKeyID: nextKeyID)
    }
}

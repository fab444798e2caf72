import Crypto

/// One device's Olm identity: its long-term Curve25519 and Ed25519 keys, its one-time keys and
/// its fallback key. Sessions are made from it (`createOutboundSession`, `createInboundSession`).
///
/// A value: every change is a `mutating` call, and the caller stores `pickle()` after each one
/// that matters (generating or publishing keys, creating an inbound session, which uses a key).
public struct OlmAccount: Sendable {
    let identityKey: OlmCurveKeyPair
    /// The Ed25519 private key's 32-byte seed.
    let signingKeySeed: [UInt8]
    public let identityKeys: OlmIdentityKeys
    var oneTimeKeys: OlmOneTimeKeys
    var fallbackKeys: OlmFallbackKeys
    /// The id the next one-time or fallback key gets; never reused, so ids stay unique per device.
    var nextKeyID: UInt64

    /// A new device identity with fresh random keys and no one-time or fallback key yet.
    public init() {
        let signingKey = Curve25519.Signing.PrivateKey()
        self.init(
            identityKey: .generate(), signingKeySeed: Array(signingKey.rawRepresentation),
            signingPublicKey: Array(signingKey.publicKey.rawRepresentation), oneTimeKeys: OlmOneTimeKeys(),
            fallbackKeys: OlmFallbackKeys(), nextKeyID: 0)
    }

    init(
        identityKey: OlmCurveKeyPair, signingKeySeed: [UInt8], signingPublicKey: [UInt8], oneTimeKeys: OlmOneTimeKeys,
        fallbackKeys: OlmFallbackKeys, nextKeyID: UInt64
    ) {
        self.identityKey = identityKey
        self.signingKeySeed = signingKeySeed
        identityKeys = OlmIdentityKeys(
            curve25519: identityKey.publicKeyBase64, ed25519: UnpaddedBase64.encode(signingPublicKey))
        self.oneTimeKeys = oneTimeKeys
        self.fallbackKeys = fallbackKeys
        self.nextKeyID = nextKeyID
    }

    // MARK: Signing

    /// The Ed25519 signature of `message` by this device, in unpadded base64.
    public func sign(_ message: some Collection<UInt8>) -> String {
        UnpaddedBase64.encode(signature(for: message))
    }

    func signature(for message: some Collection<UInt8>) -> [UInt8] {
        do {
            let key = try Curve25519.Signing.PrivateKey(rawRepresentation: signingKeySeed)
            return Array(try key.signature(for: Array(message)))
        } catch {
            preconditionFailure("Ed25519 signing with a 32-byte seed failed")
        }
    }

    /// The swift-crypto signing key, for JSON signing (`JSONSigning.sign`); made when needed.
    func signingKey() -> Curve25519.Signing.PrivateKey {
        do {
            return try Curve25519.Signing.PrivateKey(rawRepresentation: signingKeySeed)
        } catch {
            preconditionFailure("a 32-byte Ed25519 seed was refused")
        }
    }

    // MARK: One-time keys

    /// The most one-time keys kept; generating more drops the oldest.
    public static let maximumOneTimeKeys = OlmOneTimeKeys.maximumCount

    /// Generates `count` new one-time keys (at most `maximumOneTimeKeys` are kept).
    public mutating func generateOneTimeKeys(count: Int) {
        for _ in 0..<max(0, min(count, Self.maximumOneTimeKeys)) {
            oneTimeKeys.add(.init(id: takeKeyID(), pair: .generate(), isPublished: false))
        }
    }

    /// The one-time keys not yet marked published: key id → public key (unpadded base64).
    public var unpublishedOneTimeKeys: [String: String] {
        Dictionary(
            uniqueKeysWithValues: oneTimeKeys.unpublished.map { (OlmKeyID.string($0.id), $0.pair.publicKeyBase64) })
    }

    /// How many one-time keys the account holds, published or not.
    public var oneTimeKeyCount: Int { oneTimeKeys.keys.count }

    /// Marks every one-time key and the fallback key as published, after `/keys/upload` succeeded.
    public mutating func markKeysAsPublished() {
        oneTimeKeys.markPublished()
        fallbackKeys.markPublished()
    }

    // MARK: Fallback key

    /// Makes a new fallback key. The current one becomes the previous one and is still accepted
    /// until the next rotation (a sender may have claimed it just before).
    public mutating func generateFallbackKey() {
        fallbackKeys.rotate(to: .init(id: takeKeyID(), pair: .generate(), isPublished: false))
    }

    /// The fallback key if not yet published: key id → public key (empty or one entry).
    public var unpublishedFallbackKey: [String: String] {
        guard let key = fallbackKeys.unpublished else { return [:] }
        return [OlmKeyID.string(key.id): key.pair.publicKeyBase64]
    }

    /// Stops accepting the previous fallback key.
    public mutating func forgetPreviousFallbackKey() {
        fallbackKeys.forgetPrevious()
    }

    private mutating func takeKeyID() -> UInt64 {
        defer { nextKeyID += 1 }
        return nextKeyID
    }
}

extension OlmAccount: CustomStringConvertible {
    /// Public keys and counts only.
    public var description: String {
        "OlmAccount(curve25519: \(identityKeys.curve25519), ed25519: \(identityKeys.ed25519), "
            + "one-time keys: \(oneTimeKeys.keys.count), private keys: redacted)"
    }
}

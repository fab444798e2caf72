/// A device's two long-term public keys, as `/keys/upload` publishes them: Curve25519 for Olm's
/// key agreement and Ed25519 for signatures, each in unpadded base64.
public struct OlmIdentityKeys: Sendable, Equatable {
    public let curve25519: String
    public let ed25519: String
}

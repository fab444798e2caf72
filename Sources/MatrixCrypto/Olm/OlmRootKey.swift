import Crypto

/// The root of the double ratchet (the specification's R_i) and the steps that derive it.
///
/// The first root and chain key come from the 3DH secret with HKDF info "OLM_ROOT"; every later
/// pair from the previous root (as salt) and a new ratchet Diffie-Hellman with info "OLM_RATCHET".
struct OlmRootKey: Sendable {
    let key: [UInt8]

    /// R_0 and C_0,0 from the concatenated 3DH secret.
    static func initial(sharedSecret: SymmetricKey) -> (OlmRootKey, OlmChainKey) {
        split(
            sharedSecret.withUnsafeBytes {
                HKDFSHA256.derive(secret: $0, info: Array("OLM_ROOT".utf8), count: 64)
            })
    }

    /// R_i and C_i,0 from this root and the Diffie-Hellman of our ratchet key with theirs.
    func advanced(
        ourRatchetKey: Curve25519.KeyAgreement.PrivateKey, theirRatchetKey: Curve25519.KeyAgreement.PublicKey
    ) throws(MatrixCryptoError) -> (OlmRootKey, OlmChainKey) {
        let secret = try OlmKeyAgreement.sharedSecret(ourRatchetKey, theirRatchetKey)
        return Self.split(
            secret.withUnsafeBytes {
                HKDFSHA256.derive(secret: $0, salt: key, info: Array("OLM_RATCHET".utf8), count: 64)
            })
    }

    private static func split(_ derived: consuming [UInt8]) -> (OlmRootKey, OlmChainKey) {
        defer { HMACSHA256.zero(&derived) }
        return (OlmRootKey(key: Array(derived[0..<32])), OlmChainKey(key: Array(derived[32..<64])))
    }
}

extension OlmRootKey: CustomStringConvertible {
    var description: String { "OlmRootKey(redacted)" }
}

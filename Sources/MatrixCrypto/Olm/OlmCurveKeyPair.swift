import Crypto

/// A Curve25519 key pair kept as bytes (swift-crypto's key types are not `Sendable`): an identity,
/// one-time, fallback, base or ratchet key. The private half never leaves MatrixCrypto.
struct OlmCurveKeyPair: Sendable {
    let secret: [UInt8]
    let publicKey: [UInt8]

    /// A fresh random key pair.
    static func generate() -> OlmCurveKeyPair {
        let key = Curve25519.KeyAgreement.PrivateKey()
        return OlmCurveKeyPair(secret: Array(key.rawRepresentation), publicKey: Array(key.publicKey.rawRepresentation))
    }

    /// The pair of a private key read back from a pickle; its public half is derived again.
    init(secret: [UInt8]) throws(MatrixCryptoError) {
        guard secret.count == 32 else { throw .pickleMalformed }
        do {
            let key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: secret)
            self.init(secret: secret, publicKey: Array(key.publicKey.rawRepresentation))
        } catch {
            throw .pickleMalformed
        }
    }

    private init(secret: [UInt8], publicKey: [UInt8]) {
        self.secret = secret
        self.publicKey = publicKey
    }

    /// The swift-crypto key for one Diffie-Hellman; made when needed and dropped after.
    func privateKey() -> Curve25519.KeyAgreement.PrivateKey {
        do {
            return try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: secret)
        } catch {
            preconditionFailure("a 32-byte Curve25519 private key was refused")
        }
    }

    /// The public key as Matrix JSON carries it.
    var publicKeyBase64: String { UnpaddedBase64.encode(publicKey) }
}

extension OlmCurveKeyPair: CustomStringConvertible {
    var description: String { "OlmCurveKeyPair(public: \(publicKeyBase64), private: redacted)" }
}

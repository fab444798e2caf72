import Crypto

/// Curve25519 Diffie-Hellman as Olm uses it, refusing keys that contribute nothing.
///
/// A peer that sends a low-order public key would make the shared secret all zeros, known to
/// anyone; BoringSSL's X25519 refuses that, and we refuse it too whatever the backend says.
enum OlmKeyAgreement {
    static func sharedSecret(
        _ ours: Curve25519.KeyAgreement.PrivateKey, _ theirs: Curve25519.KeyAgreement.PublicKey
    ) throws(MatrixCryptoError) -> SymmetricKey {
        let secret: SharedSecret
        do {
            secret = try ours.sharedSecretFromKeyAgreement(with: theirs)
        } catch {
            throw .olmNonContributoryKey
        }
        let isAllZero = secret.withUnsafeBytes { bytes in bytes.reduce(UInt8(0)) { $0 | $1 } == 0 }
        guard !isAllZero else { throw .olmNonContributoryKey }
        return secret.withUnsafeBytes { SymmetricKey(data: $0) }
    }

    /// The three Diffie-Hellman results concatenated, as the side that claimed the one-time key
    /// (Alice) orders them: ECDH(I_A, E_B) ‖ ECDH(E_A, I_B) ‖ ECDH(E_A, E_B).
    static func tripleSecret(
        _ first: SymmetricKey, _ second: SymmetricKey, _ third: SymmetricKey
    ) -> SymmetricKey {
        var bytes = [UInt8]()
        bytes.reserveCapacity(96)
        for part in [first, second, third] {
            part.withUnsafeBytes { bytes.append(contentsOf: $0) }
        }
        defer {
            for index in bytes.indices { bytes[index] = 0 }
        }
        return SymmetricKey(data: bytes)
    }

    /// A Curve25519 public key from its 32 raw bytes.
    static func publicKey(
        _ bytes: some Collection<UInt8>
    ) throws(MatrixCryptoError) -> Curve25519.KeyAgreement.PublicKey {
        guard bytes.count == 32 else { throw .invalidKey }
        do {
            return try Curve25519.KeyAgreement.PublicKey(rawRepresentation: Array(bytes))
        } catch {
            throw .invalidKey
        }
    }

    /// A Curve25519 public key from unpadded base64, as keys travel in Matrix JSON.
    static func publicKey(base64: String) throws(MatrixCryptoError) -> Curve25519.KeyAgreement.PublicKey {
        let bytes: [UInt8]
        do {
            bytes = try UnpaddedBase64.decode(base64)
        } catch {
            throw .invalidKey
        }
        return try publicKey(bytes)
    }
}

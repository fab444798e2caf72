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

    /// Whether `bytes` is a Curve25519 public key in its one canonical encoding: 32 bytes, a
    /// little-endian u-coordinate below 2^255 - 19.
    ///
    /// X25519 ignores the top bit and reduces larger values, so without this check a public key
    /// has several spellings with the same Diffie-Hellman result: a key in a message could be
    /// altered without changing what it computes. Keys that X25519 itself produces are always
    /// canonical.
    static func isCanonical(_ bytes: some Collection<UInt8>) -> Bool {
        let key = Array(bytes)
        guard key.count == 32, key[31] & 0x80 == 0 else { return false }
        // Of the values below 2^255, only 2^255 - 19 ... 2^255 - 1 are not reduced:
        // 0x7F, then thirty 0xFF, then a low byte of 0xED or more.
        let isAtLeastP = key[31] == 0x7F && key[1...30].allSatisfy { $0 == 0xFF } && key[0] >= 0xED
        return !isAtLeastP
    }

    /// A Curve25519 public key from its 32 raw bytes, in their canonical encoding.
    static func publicKey(
        _ bytes: some Collection<UInt8>
    ) throws(MatrixCryptoError) -> Curve25519.KeyAgreement.PublicKey {
        guard isCanonical(bytes) else { throw .invalidKey }
        do {
            return try Curve25519.KeyAgreement.PublicKey(rawRepresentation: Array(bytes))
        } catch {
            throw .invalidKey
        }
    }

    /// A Curve25519 public key from unpadded base64, as keys travel in Matrix JSON.
    static func publicKey(base64: String) throws(MatrixCryptoError) -> Curve25519.KeyAgreement.PublicKey {
        try publicKey(try UnpaddedBase64.decodeKey(base64))
    }
}

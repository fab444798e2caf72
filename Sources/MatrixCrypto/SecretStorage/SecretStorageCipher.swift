import Crypto
import Foundation
import SecureRandomness
import _CryptoExtras

/// `m.secret_storage.v1.aes-hmac-sha2` (client-server API, "Secret storage"): each secret is
/// encrypted under keys derived from the storage key and the secret's name, so a ciphertext
/// cannot be moved to another secret's account data.
///
/// 1. HKDF-SHA-256 of the storage key, with 32 zero bytes as salt and the name as info, gives
///    64 bytes: the AES-256 key, then the HMAC-SHA-256 key.
/// 2. The secret is encrypted with AES-256-CTR under a random 16-byte IV whose bit 63 is cleared.
/// 3. The MAC is HMAC-SHA-256 of the ciphertext.
public enum SecretStorageCipher {
    public static let algorithm = "m.secret_storage.v1.aes-hmac-sha2"

    /// Encrypts `secret` (for Matrix's own secrets, the UTF-8 of their unpadded base64) under the
    /// name it is stored as (e.g. `m.cross_signing.master`).
    public static func encrypt(_ secret: [UInt8], name: String, key: SecretStorageKey) -> EncryptedSecret {
        encrypt(secret, name: name, key: key, iv: randomIV())
    }

    static func encrypt(_ secret: [UInt8], name: String, key: SecretStorageKey, iv: [UInt8]) -> EncryptedSecret {
        let keys = DerivedKeys(key: key, name: name)
        let ciphertext = AttachmentCipher.applyKeystream(secret, key: keys.aes, iv: iv)
        let mac = HMACSHA256.code(key: keys.hmac, message: ciphertext)
        // IV and MAC sizes are right by construction. A secret over 64 KiB would give an object
        // that `EncryptedSecret(json:)` refuses, as a homeserver would refuse the account data.
        return EncryptedSecret(unchecked: iv, ciphertext: ciphertext, mac: mac)
    }

    /// Decrypts `encrypted` after checking its MAC in constant time; a wrong key, a wrong name or
    /// any modified byte gives `.badMAC` and nothing is decrypted.
    public static func decrypt(
        _ encrypted: EncryptedSecret, name: String, key: SecretStorageKey
    ) throws(MatrixCryptoError) -> [UInt8] {
        let keys = DerivedKeys(key: key, name: name)
        guard
            ConstantTimeComparison.equal(HMACSHA256.code(key: keys.hmac, message: encrypted.ciphertext), encrypted.mac)
        else { throw .badMAC }
        return AttachmentCipher.applyKeystream(encrypted.ciphertext, key: keys.aes, iv: encrypted.iv)
    }

    /// A random IV with bit 63 (the top bit of the low half) cleared, so the low 64 bits cannot
    /// carry into the high ones: implementations with 64-bit and 128-bit counters then agree.
    static func randomIV() -> [UInt8] {
        var iv = SecureRandom.bytes(16)
        iv[8] &= 0x7F
        return iv
    }

    /// The AES and HMAC keys of one secret.
    struct DerivedKeys {
        let aes: SymmetricKey
        let hmac: SymmetricKey

        init(key: SecretStorageKey, name: String) {
            var material = key.key.withUnsafeBytes {
                HKDFSHA256.derive(secret: $0, salt: [UInt8](repeating: 0, count: 32), info: Array(name.utf8), count: 64)
            }
            defer { HMACSHA256.zero(&material) }
            aes = SymmetricKey(data: material[0..<32])
            hmac = SymmetricKey(data: material[32..<64])
        }
    }
}

extension EncryptedSecret {
    /// For values this module made itself (sizes fixed by construction).
    init(unchecked iv: [UInt8], ciphertext: [UInt8], mac: [UInt8]) {
        self.iv = iv
        self.ciphertext = ciphertext
        self.mac = mac
    }
}

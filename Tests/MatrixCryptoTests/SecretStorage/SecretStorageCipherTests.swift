import Crypto
import Testing

@testable import MatrixCrypto

@Suite("Secret storage: m.secret_storage.v1.aes-hmac-sha2")
struct SecretStorageCipherTests {
    let name = "m.cross_signing.master"
    let secret = Array("c2VjcmV0IGJ5dGVzIG9mIGEga2V5".utf8)

    @Test("A secret decrypts under its key and name, through its JSON")
    func roundTrip() throws {
        let key = SecretStorageKey.generate()
        let encrypted = SecretStorageCipher.encrypt(secret, name: name, key: key)
        let parsed = try EncryptedSecret(json: encrypted.json)
        #expect(parsed == encrypted)
        #expect(try SecretStorageCipher.decrypt(parsed, name: name, key: key) == secret)
    }

    @Test("The IV is fresh each time with bit 63 cleared")
    func ivBit63() {
        let key = SecretStorageKey.generate()
        var ivs = Set<[UInt8]>()
        for _ in 0..<64 {
            let iv = SecretStorageCipher.encrypt(secret, name: name, key: key).iv
            #expect(iv.count == 16 && iv[8] & 0x80 == 0)
            ivs.insert(iv)
        }
        #expect(ivs.count == 64)
    }

    @Test("The construction is HKDF(key, 32 zero bytes, name) -> AES-CTR key | HMAC key, MAC over the ciphertext")
    func construction() throws {
        let key = SecretStorageKey.generate()
        let iv = SecretStorageCipher.randomIV()
        let encrypted = SecretStorageCipher.encrypt(secret, name: name, key: key, iv: iv)
        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: key.rawKey), salt: [UInt8](repeating: 0, count: 32),
            info: Array(name.utf8), outputByteCount: 64
        ).withUnsafeBytes { Array($0) }
        let hmacKey = SymmetricKey(data: derived[32...])
        #expect(encrypted.mac == Array(HMAC<SHA256>.authenticationCode(for: encrypted.ciphertext, using: hmacKey)))
        // CTR: ciphertext XOR plaintext is the keystream of the AES key at this IV.
        let keystream = AttachmentCipher.applyKeystream(
            [UInt8](repeating: 0, count: secret.count), key: SymmetricKey(data: derived[..<32]), iv: iv)
        #expect(zip(encrypted.ciphertext, secret).map { $0 ^ $1 } == keystream)
    }

    @Test("A wrong name, a wrong key, or a flipped bit in ciphertext or MAC gives badMAC")
    func refused() throws {
        let key = SecretStorageKey.generate()
        let encrypted = SecretStorageCipher.encrypt(secret, name: name, key: key)
        #expect(throws: MatrixCryptoError.badMAC) {
            try SecretStorageCipher.decrypt(encrypted, name: "m.cross_signing.self_signing", key: key)
        }
        #expect(throws: MatrixCryptoError.badMAC) {
            try SecretStorageCipher.decrypt(encrypted, name: name, key: .generate())
        }
        var flippedCiphertext = encrypted
        flippedCiphertext.ciphertext[3] ^= 0x04
        #expect(throws: MatrixCryptoError.badMAC) {
            try SecretStorageCipher.decrypt(flippedCiphertext, name: name, key: key)
        }
        var flippedMAC = encrypted
        flippedMAC.mac[31] ^= 0x01
        #expect(throws: MatrixCryptoError.badMAC) { try SecretStorageCipher.decrypt(flippedMAC, name: name, key: key) }
    }

    @Test("The key check verifies the right key and refuses another, and survives its JSON")
    func keyCheck() throws {
        let key = SecretStorageKey.generate()
        let check = SecretStorageKeyCheck(key: key)
        #expect(check.iv[8] & 0x80 == 0)
        try SecretStorageKeyCheck(json: check.json).verify(key)
        #expect(throws: MatrixCryptoError.secretStorageKeyMismatch) { try check.verify(.generate()) }
        var flipped = check
        flipped.mac[0] ^= 0x80
        #expect(throws: MatrixCryptoError.secretStorageKeyMismatch) { try flipped.verify(key) }
        // The check is an encryption of 32 zero bytes under the empty name.
        let zeros = SecretStorageCipher.encrypt([UInt8](repeating: 0, count: 32), name: "", key: key, iv: check.iv)
        #expect(zeros.mac == check.mac)
    }

    @Test(
        "Malformed encrypted secrets are refused with the member's name",
        arguments: [
            ("iv", nil, "iv"), ("iv", "AAAA", "iv"), ("iv", 16, "iv"), ("mac", "AAAA", "mac"), ("mac", nil, "mac"),
            ("ciphertext", nil, "ciphertext"), ("ciphertext", "A", "ciphertext"), ("ciphertext", "AA=A", "ciphertext"),
            ("ciphertext", .string(String(repeating: "A", count: 87_384)), "ciphertext"),
        ] as [(String, CanonicalJSONValue?, String)])
    func malformed(member: String, value: CanonicalJSONValue?, field: String) throws {
        let encrypted = SecretStorageCipher.encrypt(secret, name: name, key: .generate())
        var object = try #require(encrypted.json.objectValue)
        object[member] = value
        #expect(throws: MatrixCryptoError.secretStorageInvalid(field: field)) {
            try EncryptedSecret(json: .object(object))
        }
    }

    @Test("Padded base64, as Element writes it, is read")
    func paddedAccepted() throws {
        let key = SecretStorageKey.generate()
        let encrypted = SecretStorageCipher.encrypt(Array("abcd".utf8), name: name, key: key)
        let padded: CanonicalJSONValue = [
            "iv": .string(UnpaddedBase64.encode(encrypted.iv) + "=="),
            "ciphertext": .string(UnpaddedBase64.encode(encrypted.ciphertext) + "=="),
            "mac": .string(UnpaddedBase64.encode(encrypted.mac) + "="),
        ]
        #expect(
            try SecretStorageCipher.decrypt(EncryptedSecret(json: padded), name: name, key: key) == Array("abcd".utf8))
    }
}

import Crypto
import Testing
import _CryptoExtras

@testable import MatrixCrypto

@Suite("Secret storage: keys from passphrases (m.pbkdf2)")
struct SecretStoragePassphraseTests {
    @Test("The key is PBKDF2-HMAC-SHA-512 of the passphrase and salt, and depends on each input")
    func derivation() throws {
        let parameters = try SecretStoragePassphrase(salt: "salty", iterations: 1000)
        let key = parameters.deriveKey(from: "correct horse")
        let expected = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array("correct horse".utf8), salt: Array("salty".utf8), using: .sha512, outputByteCount: 32,
            unsafeUncheckedRounds: 1000)
        #expect(key.rawKey == expected.withUnsafeBytes { Array($0) })
        #expect(parameters.deriveKey(from: "correct horse") == key)
        #expect(parameters.deriveKey(from: "correct hörse") != key)
        #expect(try SecretStoragePassphrase(salt: "salty", iterations: 1001).deriveKey(from: "correct horse") != key)
        #expect(try SecretStoragePassphrase(salt: "salt", iterations: 1000).deriveKey(from: "correct horse") != key)
    }

    @Test("A derived key checks against the key description made with it")
    func keyCheck() throws {
        let parameters = try SecretStoragePassphrase(salt: "abc", iterations: 10)
        let check = SecretStorageKeyCheck(key: parameters.deriveKey(from: "phrase"))
        try check.verify(parameters.deriveKey(from: "phrase"))
        #expect(throws: MatrixCryptoError.secretStorageKeyMismatch) {
            try check.verify(parameters.deriveKey(from: "phrasf"))
        }
    }

    @Test("Generated parameters use a fresh 32-character salt and 500,000 iterations, and survive their JSON")
    func generated() throws {
        let first = SecretStoragePassphrase.generate()
        #expect(first.salt.count == 32 && first.iterations == 500_000)
        #expect(SecretStoragePassphrase.generate().salt != first.salt)
        #expect(try SecretStoragePassphrase(json: first.json) == first)
        #expect(first.json["bits"] == 256 && first.json["algorithm"] == "m.pbkdf2")
    }

    @Test(
        "Key descriptions with other algorithms, key lengths or out-of-range counts are refused",
        arguments: [
            ("algorithm", "m.argon2", "passphrase.algorithm"), ("algorithm", nil, "passphrase.algorithm"),
            ("bits", 128, "passphrase.bits"), ("bits", "256", "passphrase.bits"), ("salt", nil, "passphrase.salt"),
            ("salt", "", "passphrase.salt"), ("salt", .string(String(repeating: "s", count: 1025)), "passphrase.salt"),
            ("iterations", nil, "passphrase.iterations"), ("iterations", 0, "passphrase.iterations"),
            ("iterations", -5, "passphrase.iterations"), ("iterations", 10_000_001, "passphrase.iterations"),
            ("iterations", "1000", "passphrase.iterations"),
        ] as [(String, CanonicalJSONValue?, String)])
    func refused(member: String, value: CanonicalJSONValue?, field: String) throws {
        var object = try #require(try SecretStoragePassphrase(salt: "s", iterations: 5).json.objectValue)
        object[member] = value
        #expect(throws: MatrixCryptoError.secretStorageInvalid(field: field)) {
            try SecretStoragePassphrase(json: .object(object))
        }
    }

    @Test("bits may be left out (it defaults to 256)")
    func bitsOptional() throws {
        let parsed = try SecretStoragePassphrase(json: ["algorithm": "m.pbkdf2", "salt": "s", "iterations": 7])
        #expect(parsed.iterations == 7 && parsed.salt == "s")
    }
}

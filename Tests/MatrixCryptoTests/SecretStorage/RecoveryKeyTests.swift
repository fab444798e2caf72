import Testing

@testable import MatrixCrypto

@Suite("Secret storage: recovery keys")
struct RecoveryKeyTests {
    @Test("Base58 digits of small numbers, leading zeros as '1'")
    func base58Digits() {
        #expect(Base58.encode([0, 0], characterCount: 3) == Array("111".utf8))
        #expect(Base58.encode([0, 57], characterCount: 3) == Array("11z".utf8))
        #expect(Base58.encode([0, 58], characterCount: 3) == Array("121".utf8))
        #expect(Base58.encode([0x01, 0x00], characterCount: 2) == Array("5R".utf8))  // 256 = 4*58 + 24
        #expect(Base58.decode(Array("5R".utf8), byteCount: 2) == [0x01, 0x00])
        #expect(Base58.decode(Array("zzz".utf8), byteCount: 3) == [0x02, 0xFA, 0x27])  // 58^3 - 1 = 195111
        #expect(Base58.decode(Array("zzz".utf8), byteCount: 2) == nil)  // does not fit
        for excluded in ["0", "O", "I", "l", "+", " "] {
            #expect(Base58.decode(Array("1\(excluded)".utf8), byteCount: 2) == nil)
        }
    }

    @Test("Every digit maps to its character and back")
    func base58Alphabet() {
        for value in UInt8(0)..<58 {
            let character = Base58.character(for: value)
            #expect(character == Base58.alphabet[Int(value)])
            #expect(Base58.digit(of: character) == (value, 1))
        }
    }

    @Test("A recovery key is 12 groups of 4, starts with the prefix's digits, and parses back")
    func roundTrip() throws {
        for _ in 0..<50 {
            let key = SecretStorageKey.generate()
            let text = RecoveryKey.encode(key)
            let groups = text.split(separator: " ", omittingEmptySubsequences: false)
            #expect(groups.count == 12 && groups.allSatisfy { $0.count == 4 })
            #expect(text.hasPrefix("Es"))
            #expect(try RecoveryKey.decode(text) == key)
        }
    }

    @Test("Whitespace is insignificant; anything else is not")
    func whitespace() throws {
        let key = SecretStorageKey.generate()
        let text = RecoveryKey.encode(key)
        let compact = String(text.filter { $0 != " " })
        #expect(try RecoveryKey.decode(compact) == key)
        #expect(try RecoveryKey.decode("\n " + compact.prefix(10) + "\t" + compact.dropFirst(10) + "\r\n") == key)
        #expect(throws: MatrixCryptoError.recoveryKeyMalformed) { try RecoveryKey.decode(compact + "-") }
        #expect(throws: MatrixCryptoError.recoveryKeyMalformed) { try RecoveryKey.decode(compact + "1") }
        #expect(throws: MatrixCryptoError.recoveryKeyMalformed) { try RecoveryKey.decode(String(compact.dropLast())) }
        #expect(throws: MatrixCryptoError.recoveryKeyMalformed) { try RecoveryKey.decode("") }
        #expect(throws: MatrixCryptoError.recoveryKeyMalformed) {
            try RecoveryKey.decode(String(repeating: " ", count: 300) + compact)
        }
    }

    @Test("A changed character is caught by the parity byte or the prefix")
    func parity() throws {
        let key = try SecretStorageKey(rawKey: [UInt8](repeating: 0x42, count: 32))
        var characters = Array(RecoveryKey.encode(key).utf8)
        // Change the last character to the next digit: the number changes by one, in the parity byte's range.
        let last = characters.count - 1
        let digit = Base58.digit(of: characters[last]).value
        characters[last] = Base58.character(for: (digit + 1) % 58)
        #expect(throws: MatrixCryptoError.recoveryKeyBadParity) {
            try RecoveryKey.decode(String(decoding: characters, as: UTF8.self))
        }
    }

    @Test("A raw key must be 32 bytes")
    func rawKeyLength() {
        #expect(throws: MatrixCryptoError.invalidKey) { try SecretStorageKey(rawKey: [UInt8](repeating: 1, count: 31)) }
        #expect(throws: MatrixCryptoError.invalidKey) { try SecretStorageKey(rawKey: [UInt8](repeating: 1, count: 33)) }
    }

    @Test("A wrong prefix is refused as malformed, not as bad parity")
    func wrongPrefix() throws {
        var bytes: [UInt8] = [0x8B, 0x02] + [UInt8](repeating: 7, count: 32)
        bytes.append(bytes.reduce(0, ^))
        let text = String(decoding: Base58.encode(bytes, characterCount: 48), as: UTF8.self)
        #expect(throws: MatrixCryptoError.recoveryKeyMalformed) { try RecoveryKey.decode(text) }
    }

    @Test("Descriptions never show the key")
    func redacted() {
        let key = SecretStorageKey.generate()
        let encoded = UnpaddedBase64.encode(key.rawKey)
        #expect(!"\(key)".contains(encoded) && !String(reflecting: key).contains(encoded))
        #expect(!"\(key)".contains(RecoveryKey.encode(key).prefix(9)))
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains("elements") && !dumped.contains(encoded))
    }
}

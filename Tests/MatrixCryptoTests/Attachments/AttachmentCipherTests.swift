import Crypto
import Testing

@testable import MatrixCrypto

@Suite("Attachments: AES-256-CTR with SHA-256")
struct AttachmentCipherTests {
    let url = "mxc://example.org/abcdef"

    @Test("A file decrypts to what was encrypted, through its JSON", arguments: [0, 1, 15, 16, 17, 4096, 100_003])
    func roundTrip(size: Int) throws {
        let plaintext = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let encrypted = AttachmentCipher.encrypt(plaintext)
        #expect(encrypted.ciphertext.count == plaintext.count)
        let file = try EncryptedFile(jsonBytes: try encrypted.file(url: url).jsonBytes)
        #expect(try AttachmentCipher.decrypt(encrypted.ciphertext, file: file) == plaintext)
    }

    @Test(
        "Made a piece at a time, the ciphertext is one AES-256-CTR stream: pieces written in order, hashed whole",
        arguments: [AttachmentCipher.pieceBytes - 1, AttachmentCipher.pieceBytes, 2 * AttachmentCipher.pieceBytes + 17])
    func piecesAreOneStream(size: Int) throws {
        let plaintext = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        var written: [UInt8] = []
        var pieces = 0
        let encryption = AttachmentCipher.encrypt(plaintext) { piece in
            written.append(contentsOf: piece)
            pieces += 1
        }
        #expect(pieces == (size + AttachmentCipher.pieceBytes - 1) / AttachmentCipher.pieceBytes)
        // The keystream of one call over the whole file, from the same key and IV.
        let whole = AttachmentCipher.applyKeystream(plaintext, key: encryption.key.key, iv: encryption.iv)
        #expect(written == whole)
        #expect(encryption.sha256 == Array(SHA256.hash(data: written)))
        let file = try encryption.file(url: url)
        #expect(try AttachmentCipher.decrypt(written, file: file) == plaintext)
    }

    @Test(
        "Encrypted in place, the buffer holds the one stream's ciphertext, which decrypts to the plaintext",
        arguments: [0, 17, AttachmentCipher.pieceBytes, 2 * AttachmentCipher.pieceBytes + 17])
    func inPlaceIsTheSameStream(size: Int) throws {
        let plaintext = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        var buffer = plaintext
        let encryption = buffer.withUnsafeMutableBytes { AttachmentCipher.encrypt(inPlace: $0) }
        #expect(buffer == AttachmentCipher.applyKeystream(plaintext, key: encryption.key.key, iv: encryption.iv))
        #expect(size == 0 || buffer != plaintext)
        #expect(encryption.sha256 == Array(SHA256.hash(data: buffer)))
        #expect(try AttachmentCipher.decrypt(buffer, file: try encryption.file(url: url)) == plaintext)
    }

    @Test("A counter block advanced past a byte carries into the next one")
    func counterBlockCarries() {
        let iv: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 0xFF]
        #expect(AttachmentCipher.counterBlock(iv, advancedBy: 1) == [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 1, 0])
        #expect(
            AttachmentCipher.counterBlock(iv, advancedBy: 4096) == [
                1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0x10, 0xFF,
            ])
    }

    @Test("The IV is 8 random bytes and a zero counter; keys and IVs differ between files")
    func freshKeyAndIV() throws {
        let first = AttachmentCipher.encrypt([1, 2, 3])
        let second = AttachmentCipher.encrypt([1, 2, 3])
        #expect(first.encryption.iv.count == 16 && second.encryption.iv.count == 16)
        #expect(first.encryption.iv[8...].allSatisfy { $0 == 0 })
        #expect(first.encryption.iv != second.encryption.iv)
        #expect(first.encryption.key != second.encryption.key)
        #expect(first.ciphertext != second.ciphertext)
    }

    @Test("The hash is SHA-256 of the ciphertext, not of the plaintext")
    func hashCoversCiphertext() {
        let encrypted = AttachmentCipher.encrypt(Array("a picture".utf8))
        #expect(encrypted.encryption.sha256 == Array(SHA256.hash(data: encrypted.ciphertext)))
    }

    @Test("A flipped bit anywhere in the ciphertext is refused before decryption")
    func flippedCiphertextBit() throws {
        let encrypted = AttachmentCipher.encrypt(Array(repeating: 0x41, count: 64))
        let file = try encrypted.file(url: url)
        for index in [0, 31, 63] {
            var tampered = Array(encrypted.ciphertext)
            tampered[index] ^= 0x01
            #expect(throws: MatrixCryptoError.attachmentHashMismatch) {
                try AttachmentCipher.decrypt(tampered, file: file)
            }
        }
        #expect(throws: MatrixCryptoError.attachmentHashMismatch) {
            try AttachmentCipher.decrypt(Array(encrypted.ciphertext.dropLast()), file: file)
        }
    }

    @Test("A flipped bit in the recorded hash is refused")
    func flippedHashBit() throws {
        let encrypted = AttachmentCipher.encrypt(Array("hello".utf8))
        var hash = encrypted.encryption.sha256
        hash[5] ^= 0x80
        let file = try EncryptedFile(url: url, key: encrypted.encryption.key, iv: encrypted.encryption.iv, sha256: hash)
        #expect(throws: MatrixCryptoError.attachmentHashMismatch) {
            try AttachmentCipher.decrypt(encrypted.ciphertext, file: file)
        }
    }

    @Test("The keystream is AES-256-CTR with the IV as the first counter block")
    func keystreamIsCTR() throws {
        // Independent check through AES-GCM's block function is not exposed, so check the CTR
        // property instead: block n of keystream equals block 0 of a stream started at IV + n.
        let key = SymmetricKey(size: .bits256)
        let iv: [UInt8] = [9, 8, 7, 6, 5, 4, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0]
        let stream = AttachmentCipher.applyKeystream([UInt8](repeating: 0, count: 48), key: key, iv: iv)
        var ivPlusTwo = iv
        ivPlusTwo[15] = 2
        let later = AttachmentCipher.applyKeystream([UInt8](repeating: 0, count: 16), key: key, iv: ivPlusTwo)
        #expect(Array(stream[32..<48]) == later)
        #expect(Array(stream[0..<16]) != later)
    }

    @Test("A counter half that would wrap within the file is refused")
    func counterWrapRefused() throws {
        let key = JSONWebKey.generate()
        let ciphertext = [UInt8](repeating: 7, count: 33)  // three blocks
        var iv = [UInt8](repeating: 0xFF, count: 16)
        iv[15] = 0xFE  // counters ...FE, ...FF, then a wrap
        let file = try EncryptedFile(
            url: url, key: key, iv: iv, sha256: Array(SHA256.hash(data: ciphertext)))
        #expect(throws: MatrixCryptoError.encryptedFileInvalid(field: "iv")) {
            try AttachmentCipher.decrypt(ciphertext, file: file)
        }
        iv[15] = 0xFD  // ...FD, ...FE, ...FF: the last counter value, no wrap
        let fits = try EncryptedFile(url: url, key: key, iv: iv, sha256: Array(SHA256.hash(data: ciphertext)))
        #expect(try AttachmentCipher.decrypt(ciphertext, file: fits).count == 33)
    }

    @Test("Descriptions, reflection and dump never show the key")
    func redacted() throws {
        let encrypted = AttachmentCipher.encrypt([1])
        let file = try encrypted.file(url: url)
        let k = UnpaddedBase64.encodeURLSafe(encrypted.encryption.key.rawKey)
        var dumped = ""
        dump(file, to: &dumped)
        dump(encrypted, to: &dumped)
        dump(encrypted.encryption, to: &dumped)
        dump(encrypted.encryption.key, to: &dumped)
        // An unredacted dump lists the key's bytes as "▿ 32 elements".
        #expect(!dumped.contains("elements"))
        let key = encrypted.encryption.key
        for text in [
            String(describing: file), String(reflecting: file), "\(key)", String(reflecting: key),
            "\(encrypted)", String(reflecting: encrypted), "\(encrypted.encryption)",
            String(reflecting: encrypted.encryption), dumped,
        ] {
            #expect(!text.contains(k))
            #expect(!text.contains(UnpaddedBase64.encode(encrypted.encryption.iv)))
        }
    }
}

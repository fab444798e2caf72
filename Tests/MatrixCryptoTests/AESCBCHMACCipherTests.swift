import MatrixCrypto
import Testing

@Suite struct AESCBCHMACCipherTests {
    static let secret = [UInt8](repeating: 0x5A, count: 128)

    @Test func roundTripsWithPKCS7Padding() throws {
        let cipher = AESCBCHMACCipher(secret: Self.secret, info: AESCBCHMACCipher.megolmInfo)
        for length in [0, 1, 15, 16, 17, 1000] {
            let plaintext = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
            let ciphertext = cipher.encrypt(plaintext)
            #expect(ciphertext.count == (length / 16 + 1) * 16)
            #expect(try cipher.decrypt(ciphertext) == plaintext)
        }
    }

    @Test func theInfoSeparatesOlmFromMegolmKeys() {
        let megolm = AESCBCHMACCipher(secret: Self.secret, info: AESCBCHMACCipher.megolmInfo)
        let olm = AESCBCHMACCipher(secret: Self.secret, info: AESCBCHMACCipher.olmInfo)
        #expect(megolm.encrypt([1, 2, 3]) != olm.encrypt([1, 2, 3]))
        #expect(megolm.mac([1, 2, 3]) != olm.mac([1, 2, 3]))
    }

    @Test func theMACIsEightBytesAndComparedWhole() {
        let cipher = AESCBCHMACCipher(secret: Self.secret, info: AESCBCHMACCipher.megolmInfo)
        let mac = cipher.mac([9, 9])
        #expect(mac.count == 8)
        #expect(cipher.isValidMAC(mac, for: [9, 9]))
        #expect(!cipher.isValidMAC(mac, for: [9, 8]))
        #expect(!cipher.isValidMAC(mac.dropLast(), for: [9, 9]))
        #expect(!cipher.isValidMAC(mac + [0], for: [9, 9]))
        for index in 0..<8 {
            var damaged = mac
            damaged[index] ^= 0x80
            #expect(!cipher.isValidMAC(damaged, for: [9, 9]))
        }
    }

    /// 31 bytes of 'a' end in one padding byte 0x01; flipping bit 1 of the previous ciphertext
    /// block's last byte turns it into 0x03, which the two 'a's before it contradict.
    @Test func refusesBadPaddingAndPartialBlocks() throws {
        let cipher = AESCBCHMACCipher(secret: Self.secret, info: AESCBCHMACCipher.megolmInfo)
        var ciphertext = cipher.encrypt([UInt8](repeating: 0x61, count: 31))
        ciphertext[15] ^= 0x02
        #expect(throws: MatrixCryptoError.badPadding) { try cipher.decrypt(ciphertext) }
        #expect(throws: MatrixCryptoError.badPadding) { try cipher.decrypt(ciphertext.dropLast()) }
        #expect(throws: MatrixCryptoError.badPadding) { try cipher.decrypt([UInt8]()) }
        #expect("\(cipher)" == "AESCBCHMACCipher(redacted)")
    }
}

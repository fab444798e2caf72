import Crypto
import Foundation
import Testing
import _CryptoExtras

@testable import MatrixCrypto

/// AES-256-CBC with PKCS#7 padding as Olm and Megolm use it: NIST's vectors, and the same bytes
/// as swift-crypto's `AES._CBC` (which it replaced) for every length around the block size.
@Suite struct AESCBCTests {
    /// NIST SP 800-38A, F.2.5 (CBC-AES256.Encrypt): four blocks, then the padding block
    /// PKCS#7 adds to whole blocks.
    @Test func matchesNISTsVectorsThenPadsAWholeBlock() throws {
        let key = SymmetricKey(data: hexBytes("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"))
        let iv = hexBytes("000102030405060708090a0b0c0d0e0f")
        let plaintext = hexBytes(
            "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                + "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
        let expected = hexBytes(
            "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
                + "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b")
        let ciphertext = try AESCBC.encrypt(plaintext, key: key, iv: iv)
        #expect(ciphertext.count == 80)
        #expect(Array(ciphertext.prefix(64)) == expected)
        #expect(try AESCBC.decrypt(ciphertext, key: key, iv: iv) == plaintext)
    }

    @Test func agreesWithSwiftCryptosCBCAtEveryLengthAroundTheBlock() throws {
        let key = SymmetricKey(size: .bits256)
        let iv = (0..<16).map { UInt8($0 * 17 & 0xFF) }
        for length in 0...49 {
            let plaintext = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let reference = Array(try AES._CBC.encrypt(plaintext, using: key, iv: AES._CBC.IV(ivBytes: iv)))
            let ciphertext = try AESCBC.encrypt(plaintext, key: key, iv: iv)
            #expect(ciphertext == reference, "length \(length)")
            #expect(try AESCBC.decrypt(reference, key: key, iv: iv) == plaintext, "length \(length)")
        }
    }

    /// Each last block is made by encrypting a chosen padded block, so the padding it decrypts
    /// to is exactly the one named.
    @Test func refusesPaddingThatIsZeroTooLongOrInconsistent() throws {
        let key = SymmetricKey(size: .bits256)
        let iv = [UInt8](repeating: 7, count: 16)
        let badLastBlocks: [[UInt8]] = [
            [UInt8](repeating: 0x41, count: 15) + [0],  // a count of zero
            [UInt8](repeating: 0x41, count: 15) + [17],  // more than a block
            [UInt8](repeating: 0x41, count: 13) + [2, 3, 3],  // a count its bytes do not repeat
            [UInt8](repeating: 0x41, count: 15) + [0xFF],
        ]
        for last in badLastBlocks {
            // Encrypted as whole blocks without padding: swift-crypto's CBC with noPadding.
            let ciphertext = Array(
                try AES._CBC.encrypt(last, using: key, iv: AES._CBC.IV(ivBytes: iv), noPadding: true))
            #expect(throws: MatrixCryptoError.badPadding) { try AESCBC.decrypt(ciphertext, key: key, iv: iv) }
        }
        #expect(throws: MatrixCryptoError.badPadding) { try AESCBC.decrypt([], key: key, iv: iv) }
        #expect(throws: MatrixCryptoError.badPadding) {
            try AESCBC.decrypt([UInt8](repeating: 1, count: 17), key: key, iv: iv)
        }
    }
}

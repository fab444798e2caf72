import Crypto
import Testing

@testable import MatrixCrypto

/// Keys of small order are refused wherever a key is read, and a signature never verifies against
/// one: BoringSSL alone would accept the all-zero key with the all-zero signature.
@Suite struct Ed25519SmallOrderTests {
    /// The y coordinates of the eight torsion points, canonical and not, as their tests spell them:
    /// 0, 1, p-1, p, p+1 and the two of order 8.
    static let smallOrder: [[UInt8]] = {
        let p = "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
        return [
            String(repeating: "00", count: 32), "01" + String(repeating: "00", count: 31),
            "ec" + p.dropFirst(2), p, "ee" + p.dropFirst(2),
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
        ].map(hexBytes)
    }()

    @Test(arguments: smallOrder)
    func aSmallOrderKeyIsRefusedWithEitherSignBit(_ key: [UInt8]) {
        var negated = key
        negated[31] |= 0x80
        for encoding in [key, negated] {
            #expect(throws: MatrixCryptoError.invalidKey) { try Ed25519Keys.publicKey(encoding) }
            #expect(
                !Ed25519Keys.isValidSignature(
                    [UInt8](repeating: 0, count: 64), for: [1, 2, 3], publicKeyBytes: encoding))
        }
    }

    @Test func theAllZeroSessionKeyTheFuzzerFoundIsRefused() {
        // version 2, index 0, a ratchet, an all-zero public key and an all-zero signature.
        let key: [UInt8] = [2, 0, 0, 0, 0] + [UInt8](repeating: 7, count: 128) + [UInt8](repeating: 0, count: 96)
        #expect(key.count == MegolmSessionKey.length)
        #expect(throws: MatrixCryptoError.invalidKey) { try MegolmSessionKey(bytes: key) }
    }

    @Test func anOrdinaryKeyAndItsSignatureStillVerify() throws {
        let privateKey = Curve25519.Signing.PrivateKey()
        let message: [UInt8] = Array("hello".utf8)
        let signature = Array(try privateKey.signature(for: message))
        let key = Array(privateKey.publicKey.rawRepresentation)
        #expect(!Ed25519SmallOrder.isSmallOrder(key))
        #expect(Ed25519Keys.isValidSignature(signature, for: message, publicKeyBytes: key))
        #expect(!Ed25519Keys.isValidSignature(signature, for: message + [0], publicKeyBytes: key))
    }
}

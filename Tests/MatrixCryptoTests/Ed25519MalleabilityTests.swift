import Crypto
import MatrixCrypto
import Testing

/// libolm accepted Ed25519 signatures whose S was not reduced modulo the group order L
/// (CVE-2024-45193: a second valid signature for the same message). Everything here verifies
/// through swift-crypto; these tests hold it to refusing the malleated form.
@Suite struct Ed25519MalleabilityTests {
    /// L = 2^252 + 27742317777372353535851937790883648493, little-endian.
    static let groupOrder: [UInt8] = [
        0xED, 0xD3, 0xF5, 0x5C, 0x1A, 0x63, 0x12, 0x58, 0xD6, 0x9C, 0xF7, 0xA2, 0xDE, 0xF9, 0xDE, 0x14,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
    ]

    /// The signature with S replaced by S + L (still < 2^256, as S < L < 2^253).
    static func malleated(_ signature: [UInt8]) -> [UInt8] {
        var result = Array(signature[..<32])
        var carry: UInt16 = 0
        for index in 0..<32 {
            let sum = UInt16(signature[32 + index]) + UInt16(groupOrder[index]) + carry
            result.append(UInt8(truncatingIfNeeded: sum))
            carry = sum >> 8
        }
        return result
    }

    @Test func refusesASignatureWithSPlusTheGroupOrder() throws {
        let key = Curve25519.Signing.PrivateKey()
        let message = Array("canonical bytes".utf8)
        let signature = Array(try key.signature(for: message))
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(!key.publicKey.isValidSignature(Self.malleated(signature), for: message))
    }

    @Test func jsonVerificationRefusesTheMalleatedSignature() throws {
        let key = Curve25519.Signing.PrivateKey()
        let signed = try JSONSigning.sign(["a": 1], userID: "@u:x", deviceID: "D", key: key)
        let signature = try UnpaddedBase64.decode(
            try #require(signed["signatures"]?["@u:x"]?["ed25519:D"]?.stringValue))
        let forged: CanonicalJSONValue = [
            "a": 1, "signatures": ["@u:x": ["ed25519:D": .string(UnpaddedBase64.encode(Self.malleated(signature)))]],
        ]
        #expect(throws: MatrixCryptoError.badSignature) {
            try JSONSigning.verify(forged, userID: "@u:x", deviceID: "D", publicKey: key.publicKey)
        }
    }
}

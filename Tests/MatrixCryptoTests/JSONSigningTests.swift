import Crypto
import MatrixCrypto
import Testing

@Suite struct JSONSigningTests {
    static let device: CanonicalJSONValue = [
        "user_id": "@gifbot:example.org", "device_id": "GIFBOT",
        "algorithms": ["m.olm.v1.curve25519-aes-sha2", "m.megolm.v1.aes-sha2"],
        "keys": ["ed25519:GIFBOT": "key", "curve25519:GIFBOT": "other"],
        "unsigned": ["device_display_name": "Gif Bot 🎞️"],
    ]

    @Test func signsAndVerifiesAnObject() throws {
        let key = Curve25519.Signing.PrivateKey()
        let signed = try JSONSigning.sign(Self.device, userID: "@gifbot:example.org", deviceID: "GIFBOT", key: key)
        try JSONSigning.verify(signed, userID: "@gifbot:example.org", deviceID: "GIFBOT", publicKey: key.publicKey)
        try JSONSigning.verify(
            signed, userID: "@gifbot:example.org", deviceID: "GIFBOT",
            publicKeyBase64: UnpaddedBase64.encode(key.publicKey.rawRepresentation))
        #expect(signed["unsigned"] == Self.device["unsigned"])
        let signature = try #require(signed["signatures"]?["@gifbot:example.org"]?["ed25519:GIFBOT"]?.stringValue)
        #expect(try UnpaddedBase64.decode(signature).count == 64)
    }

    /// The signature covers the canonical bytes without `signatures` and `unsigned`, checked with
    /// the key directly, independent of `verify`.
    @Test func signsTheCanonicalBytesWithoutSignaturesAndUnsigned() throws {
        let key = Curve25519.Signing.PrivateKey()
        let signed = try JSONSigning.sign(Self.device, userID: "@u:x", deviceID: "D", key: key)
        var stripped = try #require(Self.device.objectValue)
        stripped["unsigned"] = nil
        let bytes = try CanonicalJSON.encode(.object(stripped))
        let signature = try UnpaddedBase64.decode(
            try #require(signed["signatures"]?["@u:x"]?["ed25519:D"]?.stringValue))
        #expect(key.publicKey.isValidSignature(signature, for: bytes))
        #expect(try JSONSigning.signedBytes(of: signed) == bytes)
    }

    @Test func keepsOtherSignaturesWhenAddingOne() throws {
        let first = Curve25519.Signing.PrivateKey(), second = Curve25519.Signing.PrivateKey()
        let once = try JSONSigning.sign(Self.device, userID: "@u:x", deviceID: "D", key: first)
        let twice = try JSONSigning.sign(once, userID: "@u:x", deviceID: "master", key: second)
        try JSONSigning.verify(twice, userID: "@u:x", deviceID: "D", publicKey: first.publicKey)
        try JSONSigning.verify(twice, userID: "@u:x", deviceID: "master", publicKey: second.publicKey)
    }

    @Test func refusesAnAlteredObject() throws {
        let key = Curve25519.Signing.PrivateKey()
        var members = try #require(
            try JSONSigning.sign(Self.device, userID: "@u:x", deviceID: "D", key: key).objectValue)
        members["device_id"] = "EVIL"
        #expect(throws: MatrixCryptoError.badSignature) {
            try JSONSigning.verify(.object(members), userID: "@u:x", deviceID: "D", publicKey: key.publicKey)
        }
        // `unsigned` is outside the signature: changing it does not invalidate it.
        members["device_id"] = "GIFBOT"
        members["unsigned"] = ["anything": 1]
        try JSONSigning.verify(.object(members), userID: "@u:x", deviceID: "D", publicKey: key.publicKey)
    }

    @Test func refusesAFlippedBitInTheSignature() throws {
        let key = Curve25519.Signing.PrivateKey()
        let signed = try JSONSigning.sign(Self.device, userID: "@u:x", deviceID: "D", key: key)
        var signature = try UnpaddedBase64.decode(
            try #require(signed["signatures"]?["@u:x"]?["ed25519:D"]?.stringValue))
        for bit in [0, 100, 511] {
            signature[bit / 8] ^= UInt8(1 << (bit % 8))
            var members = try #require(signed.objectValue)
            members["signatures"] = ["@u:x": ["ed25519:D": .string(UnpaddedBase64.encode(signature))]]
            #expect(throws: MatrixCryptoError.badSignature) {
                try JSONSigning.verify(.object(members), userID: "@u:x", deviceID: "D", publicKey: key.publicKey)
            }
            signature[bit / 8] ^= UInt8(1 << (bit % 8))
        }
    }

    @Test func refusesAMissingSignatureOrAnotherKey() throws {
        let key = Curve25519.Signing.PrivateKey(), other = Curve25519.Signing.PrivateKey()
        let signed = try JSONSigning.sign(Self.device, userID: "@u:x", deviceID: "D", key: key)
        #expect(throws: MatrixCryptoError.signatureMissing) {
            try JSONSigning.verify(signed, userID: "@u:x", deviceID: "E", publicKey: key.publicKey)
        }
        #expect(throws: MatrixCryptoError.signatureMissing) {
            try JSONSigning.verify(Self.device, userID: "@u:x", deviceID: "D", publicKey: key.publicKey)
        }
        #expect(throws: MatrixCryptoError.badSignature) {
            try JSONSigning.verify(signed, userID: "@u:x", deviceID: "D", publicKey: other.publicKey)
        }
    }

    @Test func refusesASignatureThatIsNotBase64Of64Bytes() throws {
        let key = Curve25519.Signing.PrivateKey()
        for text: CanonicalJSONValue in [
            "not base64!", .string(UnpaddedBase64.encode([UInt8](repeating: 0, count: 63))), 5,
        ] {
            var members = try #require(Self.device.objectValue)
            members["signatures"] = ["@u:x": ["ed25519:D": text]]
            #expect(throws: MatrixCryptoError.badSignature) {
                try JSONSigning.verify(.object(members), userID: "@u:x", deviceID: "D", publicKey: key.publicKey)
            }
        }
    }

    @Test func refusesToSignWhatIsNotAnObject() {
        #expect(throws: MatrixCryptoError.jsonNotAnObject) {
            try JSONSigning.sign(["a"], userID: "@u:x", deviceID: "D", key: Curve25519.Signing.PrivateKey())
        }
        #expect(throws: MatrixCryptoError.invalidKey) { try Ed25519Keys.publicKey("AAAA") }
    }
}

import Crypto
import Testing

@testable import MatrixCrypto

/// Every damaged or forged input is refused with its own error, and the session is left as it was.
@Suite struct MegolmNegativeTests {
    /// A sender, a receiver that knows index 0, and the sender's private key (read from its
    /// pickle: version 4 bytes, index 4, ratchet 128, seed 32) to forge validly signed messages.
    struct Fixture {
        var outbound = MegolmOutboundSession()
        var inbound: MegolmInboundSession
        let signingKey: Curve25519.Signing.PrivateKey

        init() throws {
            inbound = try MegolmInboundSession(sessionKey: outbound.sessionKey)
            signingKey = try Curve25519.Signing.PrivateKey(rawRepresentation: outbound.pickle()[136..<168])
        }

        /// `bytes` with its last 64 bytes replaced by a valid signature over the rest.
        func resigned(_ bytes: [UInt8]) throws -> [UInt8] {
            let body = Array(bytes.dropLast(64))
            return body + Array(try signingKey.signature(for: body))
        }
    }

    static func flip(_ bytes: [UInt8], bit: Int) -> [UInt8] {
        var copy = bytes
        copy[bit / 8] ^= UInt8(1 << (bit % 8))
        return copy
    }

    @Test func aFlippedBitInTheSignatureIsRefused() throws {
        var fixture = try Fixture()
        let message = try fixture.outbound.encrypt(Array("hi".utf8)).bytes
        for bit in [(message.count - 64) * 8, message.count * 8 - 1] {
            let forged = try MegolmMessage(bytes: Self.flip(message, bit: bit))
            #expect(throws: MatrixCryptoError.badSignature) { try fixture.inbound.decrypt(forged) }
        }
    }

    /// Without re-signing, any change to the signed bytes fails the signature first.
    @Test func aFlippedBitInTheCiphertextOrMACWithoutResigningFailsTheSignature() throws {
        var fixture = try Fixture()
        let message = try fixture.outbound.encrypt(Array("hi".utf8)).bytes
        for bit in [5 * 8, (message.count - 72) * 8 + 3] {
            let forged = try MegolmMessage(bytes: Self.flip(message, bit: bit))
            #expect(throws: MatrixCryptoError.badSignature) { try fixture.inbound.decrypt(forged) }
        }
    }

    /// Signed by the right key (as a holder of the session's signing key could) but with a
    /// damaged MAC or ciphertext: the MAC check refuses it before anything is decrypted.
    @Test(arguments: [0, 1, 7])
    func aFlippedBitInTheMACIsRefused(byte: Int) throws {
        var fixture = try Fixture()
        let message = try fixture.outbound.encrypt(Array("hi".utf8)).bytes
        let macStart = message.count - 72
        let forged = try MegolmMessage(bytes: fixture.resigned(Self.flip(message, bit: (macStart + byte) * 8)))
        #expect(throws: MatrixCryptoError.badMAC) { try fixture.inbound.decrypt(forged) }
    }

    @Test(arguments: [0, 77, 127])
    func aFlippedBitInTheCiphertextIsRefusedByTheMAC(bit: Int) throws {
        var fixture = try Fixture()
        let message = try fixture.outbound.encrypt(Array("a longer plaintext of two blocks".utf8)).bytes
        let forged = try MegolmMessage(bytes: fixture.resigned(Self.flip(message, bit: 5 * 8 + bit)))
        #expect(forged.messageIndex == 0)
        #expect(throws: MatrixCryptoError.badMAC) { try fixture.inbound.decrypt(forged) }
    }

    /// A message claiming another index is decrypted with that index's keys: the MAC fails.
    @Test func aChangedIndexIsRefusedByTheMAC() throws {
        var fixture = try Fixture()
        var message = try fixture.outbound.encrypt(Array("hi".utf8)).bytes
        message[2] = 0x01
        #expect(throws: MatrixCryptoError.badMAC) {
            try fixture.inbound.decrypt(MegolmMessage(bytes: fixture.resigned(message)))
        }
    }

    @Test func aMessageFromAnotherSessionIsRefused() throws {
        var fixture = try Fixture()
        var other = MegolmOutboundSession()
        #expect(throws: MatrixCryptoError.badSignature) { try fixture.inbound.decrypt(other.encrypt(Array("x".utf8))) }
    }

    @Test func aFailedDecryptionLeavesTheSessionAsItWas() throws {
        var fixture = try Fixture()
        let first = try fixture.outbound.encrypt(Array("first".utf8))
        fixture.outbound.advance(to: 1000)
        let far = try fixture.outbound.encrypt(Array("far".utf8))
        let before = fixture.inbound.pickle()
        let forged = try MegolmMessage(bytes: fixture.resigned(Self.flip(far.bytes, bit: (far.bytes.count - 72) * 8)))
        #expect(throws: MatrixCryptoError.badMAC) { try fixture.inbound.decrypt(forged) }
        #expect(fixture.inbound.pickle() == before)
        #expect(try fixture.inbound.decrypt(first).text == "first")
    }

    // MARK: Message parsing

    static func message(
        index: [UInt8]? = [0x08, 0x00], ciphertext: [UInt8]? = [UInt8](repeating: 0, count: 16)
    )
        -> [UInt8]
    {
        var bytes: [UInt8] = [3]
        if let index { bytes += index }
        if let ciphertext { bytes += [0x12, UInt8(ciphertext.count)] + ciphertext }
        return bytes + [UInt8](repeating: 0, count: 72)
    }

    @Test func parsesAWellFormedMessage() throws {
        #expect(try MegolmMessage(bytes: Self.message()).messageIndex == 0)
        #expect(try MegolmMessage(bytes: Self.message(index: [0x08, 0xFF, 0x01])).messageIndex == 255)
    }

    @Test func refusesAnotherVersion() {
        var bytes = Self.message()
        bytes[0] = 2
        #expect(throws: MatrixCryptoError.unsupportedVersion(2)) { try MegolmMessage(bytes: bytes) }
    }

    @Test func refusesMissingOrMisshapenFields() {
        for bytes in [
            Self.message(index: nil), Self.message(ciphertext: nil), Self.message(ciphertext: []),
            Self.message(ciphertext: [UInt8](repeating: 0, count: 15)), Self.message(index: [0x0A, 0x01, 0x00]),
            [], [3], Array(Self.message().prefix(72)),
        ] {
            #expect(throws: MatrixCryptoError.megolmMessageMalformed) { try MegolmMessage(bytes: bytes) }
        }
    }

    @Test func refusesATruncatedOverlongOrOversizedIndex() {
        #expect(throws: MatrixCryptoError.varintOverlong) {
            try MegolmMessage(bytes: Self.message(index: [0x08, 0x80, 0x00]))
        }
        #expect(throws: MatrixCryptoError.varintOverflow) {
            try MegolmMessage(bytes: Self.message(index: [0x08] + Varint.encode(1 << 32)))
        }
        // The index runs into the trailer: the payload ends inside the varint.
        let truncated: [UInt8] = [3, 0x08, 0x80] + [UInt8](repeating: 0, count: 72)
        #expect(throws: MatrixCryptoError.varintTruncated) { try MegolmMessage(bytes: truncated) }
        #expect(throws: MatrixCryptoError.wireDuplicateField(1)) {
            try MegolmMessage(bytes: Self.message(index: [0x08, 0x00, 0x08, 0x01]))
        }
    }

    @Test func refusesAnOversizedMessage() {
        let bytes = [UInt8](repeating: 3, count: MegolmMessage.maximumLength + 1)
        #expect(throws: MatrixCryptoError.megolmMessageMalformed) { try MegolmMessage(bytes: bytes) }
        #expect(throws: MatrixCryptoError.invalidBase64) { try MegolmMessage(base64: "AwgA=") }
    }

    // MARK: Session and exported keys

    @Test func refusesADamagedSessionKey() throws {
        let key = MegolmOutboundSession().sessionKey.bytes
        for bit in [5 * 8, 100 * 8 + 3, 140 * 8, 200 * 8 + 7, 228 * 8 + 1] {
            #expect(throws: MatrixCryptoError.badSignature) { try MegolmSessionKey(bytes: Self.flip(key, bit: bit)) }
        }
        // The index is signed too: a receiver cannot be told to start earlier or later.
        #expect(throws: MatrixCryptoError.badSignature) { try MegolmSessionKey(bytes: Self.flip(key, bit: 4 * 8)) }
        #expect(throws: MatrixCryptoError.megolmSessionKeyMalformed) { try MegolmSessionKey(bytes: key.dropLast()) }
        #expect(throws: MatrixCryptoError.megolmSessionKeyMalformed) { try MegolmSessionKey(bytes: key + [0]) }
        #expect(throws: MatrixCryptoError.megolmSessionKeyMalformed) { try MegolmSessionKey(bytes: []) }
        #expect(throws: MatrixCryptoError.unsupportedVersion(1)) { try MegolmSessionKey(bytes: [1] + key.dropFirst()) }
    }

    @Test func refusesAMalformedExportedKey() throws {
        let exported = try MegolmInboundSession(sessionKey: MegolmOutboundSession().sessionKey)
            .exportAtFirstKnownIndex().bytes
        #expect(throws: MatrixCryptoError.megolmSessionKeyMalformed) {
            try MegolmExportedKey(bytes: exported.dropLast())
        }
        #expect(throws: MatrixCryptoError.unsupportedVersion(2)) {
            try MegolmExportedKey(bytes: [2] + exported.dropFirst())
        }
        #expect(throws: MatrixCryptoError.invalidBase64) { try MegolmExportedKey(base64: "not base64") }
        // A session key is not an exported key, nor the other way round.
        let sessionKey = MegolmOutboundSession().sessionKey.bytes
        #expect(throws: MatrixCryptoError.unsupportedVersion(2)) { try MegolmExportedKey(bytes: sessionKey) }
        #expect(throws: MatrixCryptoError.unsupportedVersion(1)) { try MegolmSessionKey(bytes: exported) }
    }
}

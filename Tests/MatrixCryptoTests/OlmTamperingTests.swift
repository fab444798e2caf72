import Testing

@testable import MatrixCrypto

/// Every single-bit change and every truncation of a real message is refused with a typed
/// error, nothing is decrypted, and the receiving side is left as it was.
@Suite struct OlmTamperingTests {
    private static func bits(of bytes: [UInt8]) -> [(Int, UInt8)] {
        bytes.indices.flatMap { index in (0..<8).map { (index, UInt8(1) << $0) } }
    }

    @Test func noBitFlipOrTruncationOfANormalMessageIsAccepted() throws {
        var alice = OlmAccount()
        var bob = OlmAccount()
        bob.generateOneTimeKeys(count: 1)
        var aliceSession = try alice.createOutboundSession(
            theirIdentityKey: bob.identityKeys.curve25519,
            theirOneTimeKey: try #require(bob.unpublishedOneTimeKeys.values.first))
        guard case .preKey(let hello) = try aliceSession.encrypt(Array("hello".utf8)) else {
            Issue.record("expected a pre-key message")
            return
        }
        var bobSession = try bob.createInboundSession(
            theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: hello
        ).session
        _ = try aliceSession.decrypt(try bobSession.encrypt(Array("reply".utf8)))
        let message = try aliceSession.encrypt(Array("authentic".utf8))
        #expect(message.type == 1)
        let before = bobSession.pickle()
        alice = OlmAccount()

        var variants: [[UInt8]] = Self.bits(of: message.bytes).map { index, mask in
            var bytes = message.bytes
            bytes[index] ^= mask
            return bytes
        }
        variants += (0..<message.bytes.count).map { Array(message.bytes.prefix($0)) }
        for bytes in variants {
            do {
                let forged = try OlmEncryptedMessage(type: 1, bytes: bytes)
                let plaintext = try bobSession.decrypt(forged)
                Issue.record("a modified message decrypted to \(plaintext.count) bytes")
            } catch {
                // Any typed error will do; what matters is that nothing decrypted or changed.
            }
            #expect(bobSession.pickle() == before)
        }
        #expect(try bobSession.decrypt(message) == Array("authentic".utf8))
    }

    @Test func noBitFlipOrTruncationOfAPreKeyMessageStartsASession() throws {
        let alice = OlmAccount()
        var bob = OlmAccount()
        bob.generateOneTimeKeys(count: 1)
        var aliceSession = try alice.createOutboundSession(
            theirIdentityKey: bob.identityKeys.curve25519,
            theirOneTimeKey: try #require(bob.unpublishedOneTimeKeys.values.first))
        let message = try aliceSession.encrypt(Array("hello".utf8))
        let before = bob.pickle()

        var variants: [[UInt8]] = Self.bits(of: message.bytes).map { index, mask in
            var bytes = message.bytes
            bytes[index] ^= mask
            return bytes
        }
        variants += (0..<message.bytes.count).map { Array(message.bytes.prefix($0)) }
        var refusals: [MatrixCryptoError] = []
        for bytes in variants {
            do {
                let forged = try OlmPreKeyMessage(bytes: bytes)
                let inbound = try bob.createInboundSession(
                    theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: forged)
                Issue.record("a modified pre-key message started session \(inbound.session.sessionID)")
            } catch {
                refusals.append(error)
            }
            #expect(bob.pickle() == before)
        }
        // The keys' own bits are caught by who they name, the inner message's by its MAC.
        #expect(refusals.contains(.olmUnknownOneTimeKey))
        #expect(refusals.contains(.olmIdentityKeyMismatch))
        #expect(refusals.contains(.badMAC))
        #expect(refusals.contains(.olmMessageMalformed))
        let inbound = try bob.createInboundSession(
            theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: try OlmPreKeyMessage(bytes: message.bytes))
        #expect(inbound.plaintext == Array("hello".utf8))
    }

    @Test func nonCanonicalCurve25519KeysAreRefused() throws {
        var key = [UInt8](repeating: 0x11, count: 32)
        #expect(OlmKeyAgreement.isCanonical(key))
        key[31] |= 0x80
        #expect(!OlmKeyAgreement.isCanonical(key))
        // 2^255 - 19 (p itself) and p + 1 are not reduced; p - 1 is.
        var p = [UInt8](repeating: 0xFF, count: 32)
        p[31] = 0x7F
        p[0] = 0xED
        #expect(!OlmKeyAgreement.isCanonical(p))
        p[0] = 0xEE
        #expect(!OlmKeyAgreement.isCanonical(p))
        p[0] = 0xEC
        #expect(OlmKeyAgreement.isCanonical(p))
        #expect(!OlmKeyAgreement.isCanonical([UInt8](repeating: 0, count: 31)))
        let alice = OlmAccount()
        #expect(throws: MatrixCryptoError.invalidKey) {
            try alice.createOutboundSession(
                theirIdentityKey: alice.identityKeys.curve25519, theirOneTimeKey: UnpaddedBase64.encode(key))
        }
    }
}

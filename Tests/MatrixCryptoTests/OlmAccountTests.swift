import Crypto
import Testing

@testable import MatrixCrypto

@Suite struct OlmAccountTests {
    @Test func identityKeysAreThirtyTwoBytesInUnpaddedBase64() throws {
        let account = OlmAccount()
        #expect(try UnpaddedBase64.decode(account.identityKeys.curve25519).count == 32)
        #expect(try UnpaddedBase64.decode(account.identityKeys.ed25519).count == 32)
        #expect(account.identityKeys != OlmAccount().identityKeys)
    }

    @Test func oneTimeKeysAreListedUntilPublished() {
        var account = OlmAccount()
        account.generateOneTimeKeys(count: 5)
        let keys = account.unpublishedOneTimeKeys
        #expect(keys.count == 5)
        #expect(Set(keys.values).count == 5)
        account.markKeysAsPublished()
        #expect(account.unpublishedOneTimeKeys.isEmpty)
        #expect(account.oneTimeKeyCount == 5)
        account.generateOneTimeKeys(count: 2)
        #expect(account.unpublishedOneTimeKeys.count == 2)
        #expect(Set(account.unpublishedOneTimeKeys.keys).isDisjoint(with: keys.keys))
    }

    @Test func atMostOneHundredOneTimeKeysAreKeptDroppingTheOldest() throws {
        var account = OlmAccount()
        account.generateOneTimeKeys(count: 10)
        let oldest = account.unpublishedOneTimeKeys
        account.markKeysAsPublished()
        account.generateOneTimeKeys(count: 95)
        #expect(account.oneTimeKeyCount == 100)
        // The five oldest keys went: a session cannot be made with them any more.
        let oldestFirst = oldest.sorted { $0.key < $1.key }.map(\.value)
        let alice = OlmAccount()
        for (position, key) in oldestFirst.enumerated() {
            var session = try alice.createOutboundSession(
                theirIdentityKey: account.identityKeys.curve25519, theirOneTimeKey: key)
            guard case .preKey(let message) = try session.encrypt(Array("hi".utf8)) else {
                Issue.record("expected a pre-key message")
                return
            }
            var receiver = account
            if position < 5 {
                #expect(throws: MatrixCryptoError.olmUnknownOneTimeKey) {
                    try receiver.createInboundSession(
                        theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: message)
                }
            } else {
                let inbound = try receiver.createInboundSession(
                    theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: message)
                #expect(inbound.plaintext == Array("hi".utf8))
            }
        }
    }

    @Test func keyIDsAreUniqueAcrossOneTimeAndFallbackKeys() {
        var account = OlmAccount()
        account.generateOneTimeKeys(count: 3)
        account.generateFallbackKey()
        let ids = Set(account.unpublishedOneTimeKeys.keys).union(account.unpublishedFallbackKey.keys)
        #expect(ids.count == 4)
        #expect(ids.allSatisfy { $0.count == 11 })
    }

    @Test func theFallbackKeyIsListedUntilPublishedAndReplacedOnRotation() {
        var account = OlmAccount()
        #expect(account.unpublishedFallbackKey.isEmpty)
        account.generateFallbackKey()
        let first = account.unpublishedFallbackKey
        #expect(first.count == 1)
        account.markKeysAsPublished()
        #expect(account.unpublishedFallbackKey.isEmpty)
        account.generateFallbackKey()
        #expect(account.unpublishedFallbackKey.count == 1)
        #expect(account.unpublishedFallbackKey != first)
    }

    @Test func aFallbackKeyWorksUntilReplacedTwiceAndIsNotUsedUp() throws {
        var bob = OlmAccount()
        bob.generateFallbackKey()
        let fallback = try #require(bob.unpublishedFallbackKey.values.first)
        let alice = OlmAccount()

        func preKeyMessage() throws -> OlmPreKeyMessage {
            var session = try alice.createOutboundSession(
                theirIdentityKey: bob.identityKeys.curve25519, theirOneTimeKey: fallback)
            guard case .preKey(let message) = try session.encrypt(Array("x".utf8)) else {
                throw MatrixCryptoError.olmMessageMalformed
            }
            return message
        }

        for _ in 0..<2 {
            let inbound = try bob.createInboundSession(
                theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: try preKeyMessage())
            #expect(inbound.usedFallbackKey)
        }
        bob.generateFallbackKey()
        let afterOneRotation = try bob.createInboundSession(
            theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: try preKeyMessage())
        #expect(afterOneRotation.plaintext == Array("x".utf8))
        bob.generateFallbackKey()
        let message = try preKeyMessage()
        #expect(throws: MatrixCryptoError.olmUnknownOneTimeKey) {
            try bob.createInboundSession(theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: message)
        }
    }

    @Test func forgettingThePreviousFallbackKeyRefusesIt() throws {
        var bob = OlmAccount()
        bob.generateFallbackKey()
        let fallback = try #require(bob.unpublishedFallbackKey.values.first)
        bob.generateFallbackKey()
        bob.forgetPreviousFallbackKey()
        let alice = OlmAccount()
        var session = try alice.createOutboundSession(
            theirIdentityKey: bob.identityKeys.curve25519, theirOneTimeKey: fallback)
        guard case .preKey(let message) = try session.encrypt(Array("x".utf8)) else {
            Issue.record("expected a pre-key message")
            return
        }
        #expect(throws: MatrixCryptoError.olmUnknownOneTimeKey) {
            try bob.createInboundSession(theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: message)
        }
    }

    @Test func signaturesVerifyWithTheEd25519IdentityKey() throws {
        let account = OlmAccount()
        let message = Array("signed bytes".utf8)
        let signature = try UnpaddedBase64.decode(account.sign(message))
        let publicKey = try Curve25519.Signing.PublicKey(
            rawRepresentation: try UnpaddedBase64.decode(account.identityKeys.ed25519))
        #expect(publicKey.isValidSignature(signature, for: message))
        #expect(!publicKey.isValidSignature(signature, for: Array("other bytes".utf8)))
    }

    @Test func thePickleRoundTripsKeysAndBookkeeping() throws {
        var account = OlmAccount()
        account.generateOneTimeKeys(count: 4)
        account.markKeysAsPublished()
        account.generateOneTimeKeys(count: 2)
        account.generateFallbackKey()
        account.generateFallbackKey()
        let restored = try OlmAccount(pickle: account.pickle())
        #expect(restored.identityKeys == account.identityKeys)
        #expect(restored.unpublishedOneTimeKeys == account.unpublishedOneTimeKeys)
        #expect(restored.oneTimeKeyCount == 6)
        #expect(restored.unpublishedFallbackKey == account.unpublishedFallbackKey)
        #expect(restored.sign([1, 2, 3]) == account.sign([1, 2, 3]))
        var next = restored
        next.generateOneTimeKeys(count: 1)
        #expect(Set(next.unpublishedOneTimeKeys.keys).isSuperset(of: account.unpublishedOneTimeKeys.keys))
        #expect(next.unpublishedOneTimeKeys.count == 3)
        #expect(restored.pickle() == account.pickle())
    }

    @Test func anAccountPickleOfAnotherVersionOrTruncatedIsRefused() {
        var bytes = OlmAccount().pickle()
        bytes[3] = 2
        #expect(throws: MatrixCryptoError.pickleVersionUnsupported(2)) { try OlmAccount(pickle: bytes) }
        bytes[3] = 1
        #expect(throws: MatrixCryptoError.pickleMalformed) { try OlmAccount(pickle: Array(bytes.dropLast())) }
        #expect(throws: MatrixCryptoError.pickleMalformed) { try OlmAccount(pickle: bytes + [0]) }
    }

    @Test func theDescriptionHasNoPrivateKey() {
        var account = OlmAccount()
        account.generateOneTimeKeys(count: 1)
        let secret = UnpaddedBase64.encode(account.identityKey.secret)
        #expect(!account.description.contains(secret))
        #expect(!String(describing: account.identityKey).contains(secret))
        #expect(account.description.contains(account.identityKeys.curve25519))
    }
}

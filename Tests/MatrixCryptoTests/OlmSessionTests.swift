import Testing

@testable import MatrixCrypto

/// Alice and Bob, two devices in one process: Alice claims one of Bob's one-time keys and starts
/// the session; Bob creates his side from her first pre-key message.
private struct Conversation {
    var alice = OlmAccount()
    var bob = OlmAccount()
    var aliceSession: OlmSession
    var bobSession: OlmSession?

    init() throws {
        bob.generateOneTimeKeys(count: 1)
        let oneTimeKey = try #require(bob.unpublishedOneTimeKeys.values.first)
        bob.markKeysAsPublished()
        aliceSession = try alice.createOutboundSession(
            theirIdentityKey: bob.identityKeys.curve25519, theirOneTimeKey: oneTimeKey)
    }

    /// Bob's session from Alice's first pre-key message, and its plaintext.
    mutating func bobReceivesFirst(_ message: OlmEncryptedMessage) throws -> [UInt8] {
        guard case .preKey(let preKeyMessage) = message else { throw MatrixCryptoError.olmMessageMalformed }
        let inbound = try bob.createInboundSession(
            theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: preKeyMessage)
        bobSession = inbound.session
        return inbound.plaintext
    }

    /// A started conversation: Alice said hello and Bob has his session.
    static func started() throws -> Conversation {
        var conversation = try Conversation()
        let hello = try conversation.aliceSession.encrypt(bytes("hello"))
        #expect(try conversation.bobReceivesFirst(hello) == bytes("hello"))
        return conversation
    }

    mutating func bobDecrypts(_ message: OlmEncryptedMessage) throws -> [UInt8] {
        var session = try #require(bobSession)
        defer { bobSession = session }
        return try session.decrypt(message)
    }

    mutating func bobEncrypts(_ text: String) throws -> OlmEncryptedMessage {
        var session = try #require(bobSession)
        defer { bobSession = session }
        return try session.encrypt(bytes(text))
    }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Flips one bit of a message's bytes and parses it again as the same type.
private func flipping(
    bit: Int, ofByteFromEnd offset: Int, in message: OlmEncryptedMessage
) throws -> OlmEncryptedMessage {
    var bytes = message.bytes
    bytes[bytes.count - 1 - offset] ^= UInt8(1 << bit)
    return try OlmEncryptedMessage(type: message.type, bytes: bytes)
}

@Suite struct OlmSessionTests {
    @Test func preKeyMessagesUntilTheFirstReplyThenNormalMessages() throws {
        var conversation = try Conversation.started()
        let second = try conversation.aliceSession.encrypt(bytes("still pre-key"))
        #expect(second.type == 0)
        #expect(try conversation.bobDecrypts(second) == bytes("still pre-key"))

        let reply = try conversation.bobEncrypts("hi alice")
        #expect(reply.type == 1)
        #expect(try conversation.aliceSession.decrypt(reply) == bytes("hi alice"))
        #expect(conversation.aliceSession.hasReceivedMessage)

        let third = try conversation.aliceSession.encrypt(bytes("now normal"))
        #expect(third.type == 1)
        #expect(try conversation.bobDecrypts(third) == bytes("now normal"))
    }

    @Test func bothSidesHaveTheSameSessionIDAndTheOneTimeKeyIsGone() throws {
        let conversation = try Conversation.started()
        let bobSession = try #require(conversation.bobSession)
        #expect(bobSession.sessionID == conversation.aliceSession.sessionID)
        #expect(try UnpaddedBase64.decode(bobSession.sessionID).count == 32)
        #expect(conversation.bob.oneTimeKeyCount == 0)
    }

    @Test func severalRatchetTurnsBothWays() throws {
        var conversation = try Conversation.started()
        for turn in 0..<6 {
            for line in 0..<3 {
                let reply = try conversation.bobEncrypts("bob \(turn).\(line)")
                #expect(try conversation.aliceSession.decrypt(reply) == bytes("bob \(turn).\(line)"))
            }
            for line in 0..<2 {
                let message = try conversation.aliceSession.encrypt(bytes("alice \(turn).\(line)"))
                #expect(try conversation.bobDecrypts(message) == bytes("alice \(turn).\(line)"))
            }
        }
        // Every turn brings a new ratchet key; only the newest chains are kept.
        #expect(conversation.aliceSession.receivingChains.count == OlmSession.maximumReceivingChains)
    }

    @Test func messagesOutOfOrderAndSkippedDecrypt() throws {
        var conversation = try Conversation.started()
        let messages = try (0..<6).map { try conversation.aliceSession.encrypt(bytes("m\($0)")) }
        for index in [3, 0, 5, 1] {
            #expect(try conversation.bobDecrypts(messages[index]) == bytes("m\(index)"))
        }
        // 2 and 4 were skipped and are still decryptable; a later turn does not lose them.
        let reply = try conversation.bobEncrypts("turn")
        _ = try conversation.aliceSession.decrypt(reply)
        let afterTurn = try conversation.aliceSession.encrypt(bytes("after turn"))
        #expect(try conversation.bobDecrypts(afterTurn) == bytes("after turn"))
        #expect(try conversation.bobDecrypts(messages[4]) == bytes("m4"))
        #expect(try conversation.bobDecrypts(messages[2]) == bytes("m2"))
    }

    @Test func aReplayedMessageIsRefused() throws {
        var conversation = try Conversation.started()
        let message = try conversation.aliceSession.encrypt(bytes("once"))
        _ = try conversation.bobDecrypts(message)
        #expect(throws: MatrixCryptoError.olmMessageKeyNotFound(index: 1)) { try conversation.bobDecrypts(message) }
        let late = try conversation.aliceSession.encrypt(bytes("late"))
        let later = try conversation.aliceSession.encrypt(bytes("later"))
        _ = try conversation.bobDecrypts(later)
        _ = try conversation.bobDecrypts(late)
        #expect(throws: MatrixCryptoError.olmMessageKeyNotFound(index: 2)) { try conversation.bobDecrypts(late) }
    }

    @Test func aSecondPreKeyMessageIsMatchedToTheExistingSession() throws {
        var conversation = try Conversation.started()
        let second = try conversation.aliceSession.encrypt(bytes("second"))
        guard case .preKey(let preKeyMessage) = second else {
            Issue.record("expected a pre-key message")
            return
        }
        let bobSession = try #require(conversation.bobSession)
        #expect(bobSession.matches(preKeyMessage: preKeyMessage))
        #expect(bobSession.matches(second))
        #expect(preKeyMessage.sessionID == bobSession.sessionID)
        // Its one-time key is used up: it cannot start a second session...
        #expect(throws: MatrixCryptoError.olmUnknownOneTimeKey) {
            try conversation.bob.createInboundSession(
                theirIdentityKey: conversation.alice.identityKeys.curve25519, preKeyMessage: preKeyMessage)
        }
        // ...and the session it matches decrypts it.
        #expect(try conversation.bobDecrypts(second) == bytes("second"))

        var other = try Conversation.started()
        let otherMessage = try other.aliceSession.encrypt(bytes("elsewhere"))
        #expect(!bobSession.matches(otherMessage))
        #expect(throws: MatrixCryptoError.olmSessionMismatch) { try conversation.bobDecrypts(otherMessage) }
        let normal = try conversation.bobEncrypts("normal")
        #expect(!conversation.aliceSession.matches(normal))
    }

    @Test func theSessionCanStartFromALaterPreKeyMessageAndTheEarlierOneStillDecrypts() throws {
        var conversation = try Conversation()
        let first = try conversation.aliceSession.encrypt(bytes("first"))
        let second = try conversation.aliceSession.encrypt(bytes("second"))
        #expect(try conversation.bobReceivesFirst(second) == bytes("second"))
        let bobSession = try #require(conversation.bobSession)
        #expect(bobSession.matches(first))
        #expect(try conversation.bobDecrypts(first) == bytes("first"))
    }

    @Test func exactlyTheSkipLimitIsAcceptedAndOneMoreRefused() throws {
        var conversation = try Conversation.started()
        // Chain index 0 was "hello"; the chain now stands at 1.
        var messages: [OlmEncryptedMessage] = []
        for index in 0..<(Int(OlmReceiverChain.maximumGap) + 2) {
            messages.append(try conversation.aliceSession.encrypt(bytes("m\(index)")))
        }
        let beyond = messages[Int(OlmReceiverChain.maximumGap) + 1]
        #expect(throws: MatrixCryptoError.olmMessageGapTooLarge(gap: 2_001, limit: 2_000)) {
            try conversation.bobDecrypts(beyond)
        }
        let atLimit = messages[Int(OlmReceiverChain.maximumGap)]
        #expect(try conversation.bobDecrypts(atLimit) == bytes("m2000"))
        // Only the newest 40 skipped keys are kept.
        #expect(try conversation.bobDecrypts(messages[1_999]) == bytes("m1999"))
        #expect(try conversation.bobDecrypts(messages[1_960]) == bytes("m1960"))
        #expect(throws: MatrixCryptoError.olmMessageKeyNotFound(index: 1_960)) {
            try conversation.bobDecrypts(messages[1_959])
        }
        #expect(throws: MatrixCryptoError.olmMessageKeyNotFound(index: 1)) { try conversation.bobDecrypts(messages[0]) }
        #expect(try conversation.bobDecrypts(beyond) == bytes("m2001"))
    }

    @Test func aFlippedMACOrCiphertextBitIsRefusedAndChangesNothing() throws {
        var conversation = try Conversation.started()
        let reply = try conversation.bobEncrypts("reply")
        _ = try conversation.aliceSession.decrypt(reply)
        let message = try conversation.aliceSession.encrypt(bytes("authentic"))
        #expect(message.type == 1)
        let before = try #require(conversation.bobSession).pickle()
        // The MAC is the last 8 bytes; the ciphertext (one AES block here) the 16 before them.
        for (bit, offset) in [(0, 0), (7, 7), (3, 8), (0, 23)] {
            let forged = try flipping(bit: bit, ofByteFromEnd: offset, in: message)
            #expect(throws: MatrixCryptoError.badMAC) { try conversation.bobDecrypts(forged) }
            #expect(try #require(conversation.bobSession).pickle() == before)
        }
        #expect(try conversation.bobDecrypts(message) == bytes("authentic"))
    }

    @Test func aForgedMessageUnderANewRatchetKeyDoesNotTurnTheRatchet() throws {
        var conversation = try Conversation.started()
        let reply = try conversation.bobEncrypts("reply")
        let forged = try flipping(bit: 1, ofByteFromEnd: 0, in: reply)
        let before = conversation.aliceSession.pickle()
        #expect(throws: MatrixCryptoError.badMAC) { try conversation.aliceSession.decrypt(forged) }
        #expect(conversation.aliceSession.pickle() == before)
        #expect(!conversation.aliceSession.hasReceivedMessage)
        #expect(try conversation.aliceSession.decrypt(reply) == bytes("reply"))
    }

    @Test func aForgedPreKeyMessageDoesNotUseUpTheOneTimeKey() throws {
        var conversation = try Conversation()
        let hello = try conversation.aliceSession.encrypt(bytes("hello"))
        let forged = try flipping(bit: 0, ofByteFromEnd: 0, in: hello)
        #expect(throws: MatrixCryptoError.badMAC) { try conversation.bobReceivesFirst(forged) }
        #expect(conversation.bob.oneTimeKeyCount == 1)
        #expect(try conversation.bobReceivesFirst(hello) == bytes("hello"))
        #expect(conversation.bob.oneTimeKeyCount == 0)
    }

    @Test func aPreKeyMessageForAKeyWeNeverHadIsAnUnknownOneTimeKey() throws {
        var bob = OlmAccount()
        bob.generateOneTimeKeys(count: 3)
        let stranger = OlmAccount()
        let alice = OlmAccount()
        var session = try alice.createOutboundSession(
            theirIdentityKey: bob.identityKeys.curve25519, theirOneTimeKey: stranger.identityKeys.curve25519)
        guard case .preKey(let message) = try session.encrypt(bytes("?")) else {
            Issue.record("expected a pre-key message")
            return
        }
        #expect(throws: MatrixCryptoError.olmUnknownOneTimeKey) {
            try bob.createInboundSession(theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: message)
        }
        #expect(bob.oneTimeKeyCount == 3)
    }

    @Test func aPreKeyMessageFromAnotherIdentityThanNamedIsRefused() throws {
        var conversation = try Conversation()
        guard case .preKey(let message) = try conversation.aliceSession.encrypt(bytes("hello")) else {
            Issue.record("expected a pre-key message")
            return
        }
        #expect(throws: MatrixCryptoError.olmIdentityKeyMismatch) {
            try conversation.bob.createInboundSession(
                theirIdentityKey: OlmAccount().identityKeys.curve25519, preKeyMessage: message)
        }
    }

    @Test func aKeyThatContributesNothingIsRefused() throws {
        let alice = OlmAccount()
        let zero = UnpaddedBase64.encode([UInt8](repeating: 0, count: 32))
        #expect(throws: MatrixCryptoError.olmNonContributoryKey) {
            try alice.createOutboundSession(theirIdentityKey: alice.identityKeys.curve25519, theirOneTimeKey: zero)
        }
        #expect(throws: MatrixCryptoError.invalidKey) {
            try alice.createOutboundSession(theirIdentityKey: "AAAA", theirOneTimeKey: alice.identityKeys.curve25519)
        }
    }

    @Test func aMessageFromADroppedReceivingChainIsNotDecrypted() throws {
        var conversation = try Conversation.started()
        var delayed: OlmEncryptedMessage?
        for turn in 0...OlmSession.maximumReceivingChains {
            let reply = try conversation.bobEncrypts("bob \(turn)")
            if turn == 0 {
                delayed = try conversation.bobEncrypts("delayed")
            }
            _ = try conversation.aliceSession.decrypt(reply)
            _ = try conversation.bobDecrypts(try conversation.aliceSession.encrypt(bytes("alice \(turn)")))
        }
        let message = try #require(delayed)
        let before = conversation.aliceSession.pickle()
        #expect(throws: MatrixCryptoError.badMAC) { try conversation.aliceSession.decrypt(message) }
        #expect(conversation.aliceSession.pickle() == before)
    }

    @Test func thePickleRoundTripsMidConversation() throws {
        var conversation = try Conversation.started()
        let pending = try conversation.aliceSession.encrypt(bytes("pending"))
        let later = try conversation.aliceSession.encrypt(bytes("later"))
        _ = try conversation.bobDecrypts(later)
        var bob = try OlmSession(pickle: try #require(conversation.bobSession).pickle())
        var alice = try OlmSession(pickle: conversation.aliceSession.pickle())
        #expect(bob.sessionID == alice.sessionID)
        #expect(try bob.decrypt(pending) == bytes("pending"))
        let reply = try bob.encrypt(bytes("reply"))
        #expect(try alice.decrypt(reply) == bytes("reply"))
        let next = try alice.encrypt(bytes("next"))
        #expect(try bob.decrypt(next) == bytes("next"))
        #expect(try OlmSession(pickle: alice.pickle()).pickle() == alice.pickle())
    }

    @Test func aSessionPickleOfAnUnsupportedVersionIsRefused() throws {
        let conversation = try Conversation.started()
        var bytes = conversation.aliceSession.pickle()
        bytes[0] = 0xFF
        #expect(throws: MatrixCryptoError.pickleVersionUnsupported(0xFF00_0001)) { try OlmSession(pickle: bytes) }
        bytes[0] = 0
        bytes[3] = 0
        #expect(throws: MatrixCryptoError.pickleVersionUnsupported(0)) { try OlmSession(pickle: bytes) }
        #expect(throws: MatrixCryptoError.pickleMalformed) {
            try OlmSession(pickle: Array(conversation.aliceSession.pickle().dropLast()))
        }
    }

    @Test func theDescriptionHasNoKeyMaterial() throws {
        let conversation = try Conversation.started()
        guard case .active(let root, let ratchetKey, let chain) = conversation.aliceSession.sendingRatchet else {
            Issue.record("Alice's ratchet should be active")
            return
        }
        let description = String(describing: conversation.aliceSession)
        for secret in [root.key, ratchetKey.secret, chain.key] {
            #expect(!description.contains(UnpaddedBase64.encode(secret)))
        }
        #expect(description.contains(conversation.aliceSession.sessionID))
        var dumped = ""
        dump(conversation.aliceSession, to: &dumped)
        dump(conversation.alice, to: &dumped)
        var reflected = String(reflecting: conversation.aliceSession) + String(reflecting: conversation.alice)
        reflected += dumped
        for secret in [root.key, ratchetKey.secret, chain.key, conversation.alice.identityKey.secret] {
            #expect(!reflected.contains(UnpaddedBase64.encode(secret)))
        }
        // An unredacted dump lists each key's bytes as "▿ 32 elements"; a redacted one has no arrays.
        #expect(!dumped.contains("elements"))
        #expect(dumped.contains("OlmSession(id: \(conversation.aliceSession.sessionID)"))
    }
}

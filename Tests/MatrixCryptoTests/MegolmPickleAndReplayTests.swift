import Testing

@testable import MatrixCrypto

@Suite struct MegolmPickleTests {
    @Test func anOutboundSessionContinuesFromItsPickle() throws {
        var outbound = MegolmOutboundSession()
        var inbound = try MegolmInboundSession(sessionKey: outbound.sessionKey)
        _ = try outbound.encrypt(Array("zero".utf8))
        var restored = try MegolmOutboundSession(pickle: outbound.pickle())
        #expect(restored.sessionID == outbound.sessionID)
        #expect(restored.messageIndex == 1)
        #expect(restored.sessionKey == outbound.sessionKey)
        #expect(try inbound.decrypt(restored.encrypt(Array("one".utf8))).text == "one")
    }

    @Test func anInboundSessionKeepsBothRatchetsAndItsProvenance() throws {
        var outbound = MegolmOutboundSession()
        var inbound = try MegolmInboundSession(sessionKey: outbound.sessionKey)
        let first = try outbound.encrypt(Array("0".utf8))
        outbound.advance(to: 500)
        _ = try inbound.decrypt(outbound.encrypt(Array("500".utf8)))
        var restored = try MegolmInboundSession(pickle: inbound.pickle())
        #expect(restored.pickle() == inbound.pickle())
        #expect(restored.firstKnownIndex == 0)
        #expect(restored.isAuthenticated)
        #expect(try restored.decrypt(first).text == "0")
        #expect(try restored.decrypt(outbound.encrypt(Array("501".utf8))).text == "501")

        let exported = try MegolmInboundSession(exportedKey: inbound.export(at: 3))
        #expect(try !MegolmInboundSession(pickle: exported.pickle()).isAuthenticated)
    }

    @Test func refusesAnUnknownVersionOrDamagedPickle() throws {
        let outbound = MegolmOutboundSession()
        var pickle = outbound.pickle()
        pickle[3] = 2
        #expect(throws: MatrixCryptoError.pickleVersionUnsupported(2)) { try MegolmOutboundSession(pickle: pickle) }
        #expect(throws: MatrixCryptoError.pickleMalformed) {
            try MegolmOutboundSession(pickle: outbound.pickle().dropLast())
        }
        #expect(throws: MatrixCryptoError.pickleMalformed) {
            try MegolmOutboundSession(pickle: outbound.pickle() + [0])
        }

        let inbound = try MegolmInboundSession(sessionKey: outbound.sessionKey).pickle()
        #expect(throws: MatrixCryptoError.pickleMalformed) {
            try MegolmInboundSession(pickle: Array(inbound.dropLast()))
        }
        // A latest ratchet before the initial one cannot have been written by this module.
        var backwards = inbound
        backwards[7] = 1  // initial index 1, latest index 0
        #expect(throws: MatrixCryptoError.pickleMalformed) { try MegolmInboundSession(pickle: backwards) }
        // An outbound pickle is not an inbound one.
        #expect(throws: MatrixCryptoError.pickleMalformed) { try MegolmInboundSession(pickle: outbound.pickle()) }
    }
}

@Suite struct MegolmReplayGuardTests {
    @Test func flagsTheSameIndexInAnotherEventAsAReplay() throws {
        var replayGuard = MegolmReplayGuard()
        #expect(replayGuard.record(sessionID: "S", messageIndex: 4, eventID: "$a") == .new)
        #expect(replayGuard.record(sessionID: "S", messageIndex: 4, eventID: "$a") == .sameEvent)
        #expect(replayGuard.record(sessionID: "S", messageIndex: 4, eventID: "$b") == .replay)
        #expect(replayGuard.record(sessionID: "S", messageIndex: 5, eventID: "$b") == .new)
        #expect(replayGuard.record(sessionID: "T", messageIndex: 4, eventID: "$c") == .new)
        #expect(replayGuard.eventIDs[.init(sessionID: "S", messageIndex: 4)] == "$a")
        #expect(throws: MatrixCryptoError.megolmReplay(index: 4)) {
            try replayGuard.check(sessionID: "S", messageIndex: 4, eventID: "$z")
        }
        try replayGuard.check(sessionID: "S", messageIndex: 4, eventID: "$a")
    }

    /// The whole path: a message decrypts twice (the ratchet allows it), and the guard tells the
    /// second, different event apart.
    @Test func catchesAReplayedMegolmMessage() throws {
        var outbound = MegolmOutboundSession()
        var inbound = try MegolmInboundSession(sessionKey: outbound.sessionKey)
        let message = try outbound.encrypt("{}")
        var replayGuard = MegolmReplayGuard()
        let first = try inbound.decrypt(base64: message)
        try replayGuard.check(sessionID: inbound.sessionID, messageIndex: first.messageIndex, eventID: "$original")
        let again = try inbound.decrypt(base64: message)
        #expect(throws: MatrixCryptoError.megolmReplay(index: 0)) {
            try replayGuard.check(sessionID: inbound.sessionID, messageIndex: again.messageIndex, eventID: "$replayed")
        }
    }

    @Test func forgetsASession() {
        var replayGuard = MegolmReplayGuard()
        _ = replayGuard.record(sessionID: "S", messageIndex: 1, eventID: "$a")
        _ = replayGuard.record(sessionID: "T", messageIndex: 1, eventID: "$b")
        replayGuard.forget(sessionID: "S")
        #expect(replayGuard.record(sessionID: "S", messageIndex: 1, eventID: "$c") == .new)
        #expect(replayGuard.record(sessionID: "T", messageIndex: 1, eventID: "$c") == .replay)
    }
}

import Foundation
import MatrixCrypto
import Testing

@_spi(Benchmarks) @testable import Matrix

/// Received Megolm sessions kept by room, creator and session id, with one replay guard whose
/// indices are rows of their own.
@Suite struct InboundGroupSessionsTests {
    let room = "!room:hs"
    let alice = "alice-curve25519-key"
    let mallory = "mallory-curve25519-key"

    func message(_ outbound: inout MegolmOutboundSession, _ body: String) throws -> String {
        try outbound.encrypt(#"{"type":"m.room.message","content":{"body":"\#(body)"},"room_id":"!room:hs"}"#)
    }

    /// An export of `sessionID` (a public key) around a ratchet of random bytes: what anyone can
    /// write, since an export carries no signature.
    func forgedExport(of outbound: MegolmOutboundSession) throws -> MegolmInboundSession {
        let publicKey = try UnpaddedBase64.decode(outbound.sessionID)
        let bytes =
            [UInt8(1)] + [0, 0, 0, 0] + (0..<128).map { _ in UInt8.random(in: 0...255) } + publicKey
        return try MegolmInboundSession(exportedKey: MegolmExportedKey(bytes: bytes))
    }

    /// A fixture's store, closed however `body` ends.
    func withFixture(_ body: (MatrixDeviceTests.Fixture) async throws -> Void) async throws {
        let fixture = try await MatrixDeviceTests.Fixture()
        do { try await body(fixture) } catch {
            try? await fixture.close()
            throw error
        }
        try await fixture.close()
    }

    @Test func anotherDevicesKeyOfTheSameSessionIDTakesNothingFromItsCreator() async throws {
        try await withFixture { fixture in
            let sessions = InboundGroupSessions(state: fixture.state)
            var outbound = MegolmOutboundSession()
            let sessionKey = outbound.sessionKey
            let ciphertext = try message(&outbound, "!about")
            // Mallory first: a forged export of alice's session id, then alice's own key re-sent as hers.
            #expect(
                try await sessions.add(
                    try forgedExport(of: outbound), sessionID: outbound.sessionID, roomID: room, senderKey: mallory,
                    claimedEd25519: "mallory-ed") == .added)
            #expect(
                try await sessions.add(
                    MegolmInboundSession(sessionKey: sessionKey), sessionID: outbound.sessionID, roomID: room,
                    senderKey: mallory, claimedEd25519: "mallory-ed") == .conflicting,
                "one creator's copy is not replaced by another session")
            // Alice's genuine key still lands, under her key, and opens her message.
            #expect(
                try await sessions.add(
                    MegolmInboundSession(sessionKey: sessionKey), sessionID: outbound.sessionID, roomID: room,
                    senderKey: alice, claimedEd25519: "alice-ed") == .added)
            let opened = try await sessions.decrypt(
                roomID: room, sessionID: outbound.sessionID, senderKeys: [alice], ciphertext: ciphertext, eventID: "$1")
            #expect(opened.senderKey == alice && opened.claimedEd25519 == "alice-ed")
            // Tried in the order given: mallory's forgery fails, alice's opens.
            let either = try await sessions.decrypt(
                roomID: room, sessionID: outbound.sessionID, senderKeys: [mallory, alice], ciphertext: ciphertext,
                eventID: "$1")
            #expect(either.senderKey == alice)
            await #expect(throws: InboundGroupSessions.Failure.self) {
                _ = try await sessions.decrypt(
                    roomID: room, sessionID: outbound.sessionID, senderKeys: ["nobody"], ciphertext: ciphertext,
                    eventID: "$1")
            }
        }
    }

    @Test func aCopyReachingFurtherBackReplacesTheSessionOnlyWhenConnected() async throws {
        try await withFixture { fixture in
            let sessions = InboundGroupSessions(state: fixture.state)
            var outbound = MegolmOutboundSession()
            let sessionKey = outbound.sessionKey
            let first = try message(&outbound, "zero")
            let atZero = try MegolmInboundSession(sessionKey: sessionKey)
            let atFive = try MegolmInboundSession(exportedKey: atZero.export(at: 5))
            #expect(
                try await sessions.add(
                    atFive, sessionID: outbound.sessionID, roomID: room, senderKey: alice, claimedEd25519: "alice-ed")
                    == .added)
            #expect(
                try await sessions.add(
                    try forgedExport(of: outbound), sessionID: outbound.sessionID, roomID: room, senderKey: alice,
                    claimedEd25519: "alice-ed") == .conflicting)
            #expect(
                try await sessions.add(
                    atFive, sessionID: outbound.sessionID, roomID: room, senderKey: alice, claimedEd25519: "alice-ed")
                    == .alreadyKnown)
            #expect(
                try await sessions.add(
                    atZero, sessionID: "another id", roomID: room, senderKey: alice, claimedEd25519: "alice-ed")
                    == .mismatched)
            #expect(
                try await sessions.add(
                    atZero, sessionID: outbound.sessionID, roomID: room, senderKey: alice, claimedEd25519: "alice-ed")
                    == .added)
            _ = try await sessions.decrypt(
                roomID: room, sessionID: outbound.sessionID, senderKeys: [alice], ciphertext: first, eventID: "$0")
        }
    }

    @Test func theSameEventTwiceIsReadAndTheSameIndexInAnotherEventIsAReplayAcrossARestart() async throws {
        try await withFixture { fixture in
            var outbound = MegolmOutboundSession()
            let sessionKey = outbound.sessionKey
            let ciphertext = try message(&outbound, "!gif cat")
            let sessions = InboundGroupSessions(state: fixture.state)
            _ = try await sessions.add(
                MegolmInboundSession(sessionKey: sessionKey), sessionID: outbound.sessionID, roomID: room,
                senderKey: alice, claimedEd25519: "alice-ed")
            for _ in 0..<2 {
                _ = try await sessions.decrypt(
                    roomID: room, sessionID: outbound.sessionID, senderKeys: [alice], ciphertext: ciphertext,
                    eventID: "$one")
            }
            await #expect(throws: InboundGroupSessions.Failure.replay) {
                _ = try await sessions.decrypt(
                    roomID: room, sessionID: outbound.sessionID, senderKeys: [alice], ciphertext: ciphertext,
                    eventID: "$two")
            }
            // A restart: what was seen is in the store, not only in memory.
            let restarted = InboundGroupSessions(state: fixture.state)
            _ = try await restarted.decrypt(
                roomID: room, sessionID: outbound.sessionID, senderKeys: [alice], ciphertext: ciphertext,
                eventID: "$one")
            await #expect(throws: InboundGroupSessions.Failure.replay) {
                _ = try await restarted.decrypt(
                    roomID: room, sessionID: outbound.sessionID, senderKeys: [alice], ciphertext: ciphertext,
                    eventID: "$two")
            }
        }
    }

    @Test func aSessionStoredUnderItsOldNameIsMovedWithItsIndicesSeen() async throws {
        try await withFixture { fixture in
            var outbound = MegolmOutboundSession()
            let sessionKey = outbound.sessionKey
            let seen = try message(&outbound, "seen before the upgrade")
            let later = try message(&outbound, "after")
            // The record as the previous version wrote it.
            let pickle = try MegolmInboundSession(sessionKey: sessionKey).pickle()
            let old: [String: Any] = [
                "pickle": UnpaddedBase64.encode(pickle), "roomID": room, "senderKey": alice,
                "claimedEd25519": "alice-ed", "seen": ["0": "$old"],
            ]
            let legacy = InboundGroupSessions.legacyName(room: room, session: outbound.sessionID)
            try await fixture.state.save(
                .inboundGroupSession, legacy, Array(try JSONSerialization.data(withJSONObject: old)))

            let sessions = InboundGroupSessions(state: fixture.state)
            #expect(!(await sessions.has(roomID: room, sessionID: outbound.sessionID, senderKeys: [mallory])))
            #expect(await sessions.has(roomID: room, sessionID: outbound.sessionID, senderKeys: [alice]))
            await #expect(throws: InboundGroupSessions.Failure.unknownSession) {
                _ = try await sessions.decrypt(
                    roomID: room, sessionID: outbound.sessionID, senderKeys: [mallory], ciphertext: later, eventID: "$x"
                )
            }
            await #expect(throws: InboundGroupSessions.Failure.replay) {
                _ = try await sessions.decrypt(
                    roomID: room, sessionID: outbound.sessionID, senderKeys: [alice], ciphertext: seen, eventID: "$new")
            }
            _ = try await sessions.decrypt(
                roomID: room, sessionID: outbound.sessionID, senderKeys: [alice], ciphertext: seen, eventID: "$old")
            _ = try await sessions.decrypt(
                roomID: room, sessionID: outbound.sessionID, senderKeys: [alice], ciphertext: later, eventID: "$later")
            #expect(try await fixture.state.load(.inboundGroupSession, legacy) == nil, "the old row is gone")
            let name = InboundGroupSessions.name(room: room, senderKey: alice, session: outbound.sessionID)
            #expect(try await fixture.state.load(.inboundGroupSession, name) != nil)
            #expect(try await fixture.state.load(.megolmSeen, InboundGroupSessions.seenName(name, index: 0)) != nil)
        }
    }

    /// Issue 31: each decrypt rewrote the session's whole record of seen indices (38 KiB early in
    /// a session, 290 KiB after 2,000 messages). Now one row: the same couple of hundred bytes at
    /// any index (the benchmark's scenario 8 prints it at index 5,000).
    @Test func aDecryptedMessageCostsTheSameSmallWriteEarlyAndLateInItsSession() async throws {
        try await withFixture { fixture in
            let written = try await MegolmWriteVolume.bytesWritten(atIndices: [10, 500], store: fixture.store)
            let early = try #require(written[10]), late = try #require(written[500])
            print("bytes written per decrypted message: \(early) at index 10, \(late) at index 500")
            #expect(early < 512 && late < 512, "\(early), \(late)")
            #expect(late - early <= 8, "the index's digits only: \(early), \(late)")
        }
    }
}

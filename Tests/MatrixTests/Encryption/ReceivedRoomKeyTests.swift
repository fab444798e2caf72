import MatrixCrypto
import Testing

@testable import Matrix

/// Room keys that reach the bot over Olm: `m.room_key`, and `m.forwarded_room_key` (how Element
/// answers a key request), read with the creator they name.
@Suite struct ReceivedRoomKeyTests {
    typealias Side = TwoDevicesTests.Side

    /// Devices for `users` (each on a store of its own), closed however `body` ends.
    func withDevices(_ users: [String], _ body: ([Side]) async throws -> Void) async throws {
        var sides: [Side] = []
        do {
            for user in users { sides.append(try await Side(user: "@\(user):hs", device: user.uppercased())) }
            try await body(sides)
        } catch {
            for side in sides { try? await side.fixture.close() }
            throw error
        }
        for side in sides { try await side.fixture.close() }
    }

    /// `from` sends `type` with `content` to `to` over a fresh Olm session; what `to` decrypts.
    func send(
        _ type: String, _ content: CanonicalJSONValue, from: Side, to: Side
    ) async throws -> MatrixDevice.OlmPayload {
        if await !from.device.hasOlmSession(with: to.info) {
            try await from.device.startOlmSession(
                with: to.info, oneTimeKey: try await TwoDevicesTests().claimOneTimeKey(of: to))
        }
        let message = try #require(try await from.device.encryptOlm(type: type, content: content, for: to.info))
        return try await to.device.decryptOlm(sender: from.device.userID, content: message)
    }

    func forwarded(
        _ outbound: MegolmOutboundSession, creator: Side, chain: [CanonicalJSONValue] = [],
        claimed: String? = nil
    ) throws -> CanonicalJSONValue {
        let export = try MegolmInboundSession(sessionKey: outbound.sessionKey).exportAtFirstKnownIndex()
        return [
            "algorithm": .string(RoomKeys.megolmAlgorithm), "room_id": "!room:hs",
            "session_id": .string(outbound.sessionID), "session_key": .string(export.base64),
            "sender_key": .string(creator.device.identityKeys.curve25519),
            "sender_claimed_ed25519_key": .string(claimed ?? creator.device.identityKeys.ed25519),
            "forwarding_curve25519_key_chain": .array(chain),
        ]
    }

    @Test func aKeyForwardedByItsCreatorOpensTheSessionsMessages() async throws {
        try await withDevices(["alice", "bot"]) { try await forwardedByItsCreator(alice: $0[0], bot: $0[1]) }
    }

    func forwardedByItsCreator(alice: Side, bot: Side) async throws {
        var outbound = MegolmOutboundSession()
        let key0 = try forwarded(outbound, creator: alice)
        let plaintext = #"{"type":"m.room.message","content":{"body":"!gif cat"},"room_id":"!room:hs"}"#
        let ciphertext = try outbound.encrypt(plaintext)
        let payload = try await send(RoomKeys.forwardedRoomKeyType, key0, from: alice, to: bot)
        let key = try ReceivedRoomKey(payload)
        #expect(key.roomID == "!room:hs" && key.sessionID == outbound.sessionID)
        #expect(
            try await bot.inbound.add(
                key.session, sessionID: key.sessionID, roomID: key.roomID, senderKey: payload.senderKey,
                claimedEd25519: payload.claimedEd25519) == .added)
        let opened = try await bot.inbound.decrypt(
            roomID: "!room:hs", sessionID: outbound.sessionID, senderKeys: [payload.senderKey],
            ciphertext: ciphertext, eventID: "$one")
        #expect(String(decoding: opened.plaintext, as: UTF8.self) == plaintext)
        #expect(opened.senderKey == alice.device.identityKeys.curve25519)
    }

    @Test func aKeyForwardedByItsCreatorMustCarryItsKeysAndNoChain() async throws {
        try await withDevices(["alice", "mallory", "bot", "bot2"]) {
            try await forwardedByOthers(alice: $0[0], mallory: $0[1], bot: $0[2], otherKey: $0[3])
        }
    }

    func forwardedByOthers(alice: Side, mallory: Side, bot: Side, otherKey: Side) async throws {
        let outbound = MegolmOutboundSession()
        // Mallory forwards a session claiming it is alice's: read as alice's, for ForwardedKeyTrust
        // to refuse (ForwardedKeyTrustTests), since mallory is not one of alice's devices.
        let relayed = try await send(
            RoomKeys.forwardedRoomKeyType, try forwarded(outbound, creator: alice), from: mallory, to: bot)
        let relayedKey = try ReceivedRoomKey(relayed)
        #expect(relayedKey.isForwarded && relayedKey.senderKey == alice.device.identityKeys.curve25519)
        #expect(relayedKey.claimedEd25519 == alice.device.identityKeys.ed25519)
        // Alice herself, but through a chain of forwarders, or claiming another signing key.
        let chained = try await send(
            RoomKeys.forwardedRoomKeyType, try forwarded(outbound, creator: alice, chain: ["somebodys-key"]),
            from: alice, to: otherKey)
        #expect(throws: ReceivedRoomKey.Refusal.notFromItsCreator) { try ReceivedRoomKey(chained) }
        let misclaimed = try await send(
            RoomKeys.forwardedRoomKeyType,
            try forwarded(outbound, creator: alice, claimed: mallory.device.identityKeys.ed25519), from: alice,
            to: otherKey)
        #expect(throws: ReceivedRoomKey.Refusal.notFromItsCreator) { try ReceivedRoomKey(misclaimed) }
        let dummy = try await send(RoomKeys.dummyType, [:], from: alice, to: otherKey)
        #expect(throws: ReceivedRoomKey.Refusal.notARoomKey) { try ReceivedRoomKey(dummy) }
    }
}

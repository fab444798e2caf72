import Foundation
import GiphyStandIn
import Logging
import MatrixCrypto
import Synchronization
import Testing

@testable import Matrix

/// What someone else can make the bot keep or do, driven through its encryption in-process
/// (`EncryptionStandIn`): room keys only for rooms the bot is in, Olm sessions only with
/// published devices, key requests and session mending limited per sender.
@Suite(.timeLimit(.minutes(2))) struct UnauthenticatedStateTests {
    let joinedRoom = "!in:hs"
    let otherRoom = "!elsewhere:hs"

    /// `sender`'s room key for a new session of `room`, over Olm to the bot.
    func roomKey(
        for room: String, from sender: MatrixDevice, to bot: EncryptionStandIn.Bot
    ) async throws -> (content: CanonicalJSONValue, sessionID: String) {
        let outbound = MegolmOutboundSession()
        let key: CanonicalJSONValue = [
            "algorithm": .string(RoomKeys.megolmAlgorithm), "room_id": .string(room),
            "session_id": .string(outbound.sessionID), "session_key": .string(outbound.sessionKey.base64),
        ]
        let content = try #require(
            try await sender.encryptOlm(type: RoomKeys.roomKeyType, content: key, for: bot.info))
        return (content, outbound.sessionID)
    }

    func storedRoomKeys(_ env: EncryptionStandIn, room: String) async throws -> Int {
        try await env.fixture.state.loadAll(.inboundGroupSession).filter { $0.name.contains(room) }.count
    }

    @Test func roomKeysForARoomTheBotIsNotInAreRefusedAndNotStored() async throws {
        try await EncryptionStandIn.with { env in
            let alice = try await env.peer("@alice:hs", device: "ALICE")
            try await env.publish([alice])
            try env.answer("/_matrix/client/v3/joined_rooms", ["joined_rooms": [.string(joinedRoom)]])
            let bot = try await env.bot()
            try await alice.startOlmSession(with: bot.info, oneTimeKey: try bot.claimOneTimeKey())

            let elsewhere = try await roomKey(for: otherRoom, from: alice, to: bot)
            let here = try await roomKey(for: joinedRoom, from: alice, to: bot)
            // The joined room is not in this batch: the bot asks the server which rooms it is in.
            await bot.encryption.afterSync(
                try EncryptionStandIn.sync(toDevice: [elsewhere.content, here.content], from: "@alice:hs"))

            #expect(try await storedRoomKeys(env, room: otherRoom) == 0)
            #expect(try await storedRoomKeys(env, room: joinedRoom) == 1)
            #expect(
                await !bot.encryption.inbound.has(
                    roomID: otherRoom, sessionID: elsewhere.sessionID, senderKeys: [alice.identityKeys.curve25519]))
            #expect(
                await bot.encryption.inbound.has(
                    roomID: joinedRoom, sessionID: here.sessionID, senderKeys: [alice.identityKeys.curve25519]))
            #expect(env.logs.text.contains("Refused a room key"))
            #expect(env.logs.text.contains(otherRoom))
        }
    }

    @Test func aRoomTheBotJoinsInTheSameBatchTakesItsKeys() async throws {
        try await EncryptionStandIn.with { env in
            let alice = try await env.peer("@alice:hs", device: "ALICE")
            try await env.publish([alice])
            try env.answer("/_matrix/client/v3/joined_rooms", ["joined_rooms": []])
            let bot = try await env.bot()
            try await alice.startOlmSession(with: bot.info, oneTimeKey: try bot.claimOneTimeKey())
            let key = try await roomKey(for: "!new:hs", from: alice, to: bot)
            await bot.encryption.afterSync(
                try EncryptionStandIn.sync(toDevice: [key.content], from: "@alice:hs", joined: ["!new:hs"]))
            #expect(try await storedRoomKeys(env, room: "!new:hs") == 1)
        }
    }

    @Test func oneDevicesRoomKeysForOneRoomAreLimitedPerHour() async throws {
        try await EncryptionStandIn.with { env in
            let alice = try await env.peer("@alice:hs", device: "ALICE")
            try await env.publish([alice])
            let bot = try await env.bot()
            try await alice.startOlmSession(with: bot.info, oneTimeKey: try bot.claimOneTimeKey())
            var keys: [CanonicalJSONValue] = []
            for _ in 0..<(RoomKeyAdmission.perSenderPerRoom + 10) {
                keys.append(try await roomKey(for: joinedRoom, from: alice, to: bot).content)
            }
            await bot.encryption.afterSync(
                try EncryptionStandIn.sync(toDevice: keys, from: "@alice:hs", joined: [joinedRoom]))
            #expect(try await storedRoomKeys(env, room: joinedRoom) == RoomKeyAdmission.perSenderPerRoom)
            env.advance(by: RoomKeyAdmission.window + 1)
            let later = try await roomKey(for: joinedRoom, from: alice, to: bot)
            await bot.encryption.afterSync(try EncryptionStandIn.sync(toDevice: [later.content], from: "@alice:hs"))
            #expect(try await storedRoomKeys(env, room: joinedRoom) == RoomKeyAdmission.perSenderPerRoom + 1)
        }
    }

    @Test func aKeyNoneOfTheSendersDevicesHasStartsNoSession() async throws {
        try await EncryptionStandIn.with { env in
            let alice = try await env.peer("@alice:hs", device: "ALICE")
            let made = try await env.peer("@alice:hs", device: "MADEUP")
            // Only ALICE is published; MADEUP is an identity made up on the spot, using the
            // bot's fallback key as anyone can claim it.
            try await env.publish([alice])
            let bot = try await env.bot()
            let fallback = try #require(
                bot.uploads.bodies.withLock { $0[0] }["fallback_keys"]?.objectValue?.values.first)
            var events: [CanonicalJSONValue] = []
            for side in [made, alice] {
                try await side.startOlmSession(with: bot.info, oneTimeKey: fallback)
                events.append(try await roomKey(for: joinedRoom, from: side, to: bot).content)
            }
            await bot.encryption.afterSync(
                try EncryptionStandIn.sync(toDevice: events, from: "@alice:hs", joined: [joinedRoom]))
            let sessions = try await env.fixture.state.loadAll(.olmSession)
            #expect(!sessions.contains { $0.name.hasPrefix(made.identityKeys.curve25519) })
            #expect(sessions.contains { $0.name.hasPrefix(alice.identityKeys.curve25519) })
            #expect(try await storedRoomKeys(env, room: joinedRoom) == 1, "the published device's key is taken")
            #expect(env.logs.text.contains("from a key none of the sender's devices has"))
        }
    }

    @Test func eventsOfUnknownSessionsCauseOneKeyRequestPerInterval() async throws {
        try await EncryptionStandIn.with { env in
            let bot = try await env.bot()
            let requests = "/_matrix/client/v3/sendToDevice/\(RoomKeys.keyRequestType)/"
            func unknown(_ index: Int) -> RoomEvent {
                RoomEvent(
                    eventID: "$e\(index)-\(UUID().uuidString)", type: "m.room.encrypted", sender: "@mallory:hs",
                    content: [
                        "algorithm": .string(RoomKeys.megolmAlgorithm), "session_id": .string("made-up-\(index)"),
                        "ciphertext": "AwgA", "sender_key": "a-key", "device_id": "M",
                    ], stateKey: nil)
            }
            for index in 0..<30 { #expect(await bot.encryption.decrypt(unknown(index), in: joinedRoom) == nil) }
            #expect(env.requests(startingWith: requests) == 1)
            env.advance(by: LateKeys.requestInterval + 1)
            for index in 30..<60 { _ = await bot.encryption.decrypt(unknown(index), in: joinedRoom) }
            #expect(env.requests(startingWith: requests) == 2)
        }
    }

    @Test func mendingIsLimitedPerDeviceAndPerSenderAndItsRecordBounded() {
        let clock = MovingClock()
        let mending = SessionMending(now: { clock.now })
        #expect(mending.claim(user: "@a:hs", senderKey: "k0"))
        #expect(!mending.claim(user: "@a:hs", senderKey: "k0"), "once an hour per device")
        for index in 1..<20 { _ = mending.claim(user: "@a:hs", senderKey: "k\(index)") }
        #expect(!mending.claim(user: "@a:hs", senderKey: "k99"), "a sender's made-up keys run out")
        #expect(mending.claim(user: "@b:hs", senderKey: "k0"), "others are not held back")
        for index in 0..<5_000 { _ = mending.claim(user: "@u\(index):hs", senderKey: "k\(index)") }
        #expect(mending.trackedKeys.devices <= 1_000 && mending.trackedKeys.users <= 1_000)
        clock.advance(SessionMending.interval + 1)
        #expect(mending.claim(user: "@a:hs", senderKey: "k0"), "and it heals after an hour")
    }
}

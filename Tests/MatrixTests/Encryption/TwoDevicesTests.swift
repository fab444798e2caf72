import Foundation
import Logging
import MatrixCrypto
import Storage
import Testing

@testable import Matrix

/// Two of the bot's devices talking without a server: Olm to-device payloads with their checks,
/// a room key carried over Olm, and Megolm messages with the room, sender and replay checks.
@Suite struct TwoDevicesTests {
    struct Side {
        let fixture: MatrixDeviceTests.Fixture
        let device: MatrixDevice
        let inbound: InboundGroupSessions

        init(user: String, device deviceID: String) async throws {
            fixture = try await MatrixDeviceTests.Fixture()
            device = try await MatrixDevice.open(
                state: fixture.state, userID: user, deviceID: deviceID, logger: Logger(label: "test"))
            inbound = InboundGroupSessions(state: fixture.state)
        }

        var info: DeviceInfo {
            DeviceInfo(
                userID: device.userID, deviceID: device.deviceID, curve25519: device.identityKeys.curve25519,
                ed25519: device.identityKeys.ed25519, isCrossSigned: false)
        }
    }

    /// Bob's side as Alice's device sees it after `/keys/claim`: one signed one-time key.
    func claimOneTimeKey(of side: Side) async throws -> CanonicalJSONValue {
        let uploads = MatrixDeviceTests.Uploads()
        try await side.device.publishKeys(.init(), upload: uploads.upload)
        return try #require(uploads.last?["one_time_keys"]?.objectValue?.values.first)
    }

    @Test func aRoomKeyOverOlmOpensTheRoomsMessagesOnceEach() async throws {
        let alice = try await Side(user: "@alice:hs", device: "ALICE")
        let bob = try await Side(user: "@bob:hs", device: "BOB")
        try await alice.device.startOlmSession(with: bob.info, oneTimeKey: try await claimOneTimeKey(of: bob))

        var outbound = MegolmOutboundSession()
        let roomKey: CanonicalJSONValue = [
            "algorithm": .string(RoomKeys.megolmAlgorithm), "room_id": "!room:hs",
            "session_id": .string(outbound.sessionID), "session_key": .string(outbound.sessionKey.base64),
        ]
        // Relayed by someone else than the payload names: refused (and used up: a message opens once).
        let relayed = try #require(try await alice.device.encryptOlm(type: "m.dummy", content: [:], for: bob.info))
        await #expect(throws: MatrixDevice.OlmFailure.self) {
            _ = try await bob.device.decryptOlm(sender: "@mallory:hs", content: relayed)
        }
        let toDevice = try #require(
            try await alice.device.encryptOlm(type: RoomKeys.roomKeyType, content: roomKey, for: bob.info))
        let payload = try await bob.device.decryptOlm(sender: "@alice:hs", content: toDevice)
        #expect(payload.type == RoomKeys.roomKeyType)
        #expect(payload.senderKey == alice.device.identityKeys.curve25519)
        #expect(payload.claimedEd25519 == alice.device.identityKeys.ed25519)
        #expect(
            try await bob.inbound.add(
                MegolmInboundSession(sessionKey: outbound.sessionKey), sessionID: outbound.sessionID,
                roomID: "!room:hs",
                senderKey: payload.senderKey, claimedEd25519: payload.claimedEd25519) == .added)

        let plaintext = #"{"type":"m.room.message","content":{"body":"!gif cat"},"room_id":"!room:hs"}"#
        let ciphertext = try outbound.encrypt(plaintext)
        let opened = try await bob.inbound.decrypt(
            roomID: "!room:hs", sessionID: outbound.sessionID, senderKeys: [payload.senderKey], ciphertext: ciphertext,
            eventID: "$one")
        #expect(String(decoding: opened.plaintext, as: UTF8.self) == plaintext)
        #expect(opened.senderKey == alice.device.identityKeys.curve25519)
        #expect(opened.claimedEd25519 == alice.device.identityKeys.ed25519)
        // The same event again (a repeated sync) is fine; the same index in another event is a replay.
        _ = try await bob.inbound.decrypt(
            roomID: "!room:hs", sessionID: outbound.sessionID, senderKeys: [payload.senderKey], ciphertext: ciphertext,
            eventID: "$one")
        await #expect(throws: InboundGroupSessions.Failure.self) {
            _ = try await bob.inbound.decrypt(
                roomID: "!room:hs", sessionID: outbound.sessionID, senderKeys: [payload.senderKey],
                ciphertext: ciphertext, eventID: "$two")
        }
        // The session belongs to its room.
        await #expect(throws: InboundGroupSessions.Failure.self) {
            _ = try await bob.inbound.decrypt(
                roomID: "!other:hs", sessionID: outbound.sessionID, senderKeys: [payload.senderKey],
                ciphertext: ciphertext, eventID: "$three")
        }

        // Bob's answer over the session his pre-key message made, after a restart of his device:
        // the session and the used one-time key were stored.
        let restarted = try await MatrixDevice.open(
            state: bob.fixture.state, userID: "@bob:hs", deviceID: "BOB", logger: Logger(label: "test"))
        #expect(await restarted.hasOlmSession(with: alice.info))
        let reply = try #require(try await restarted.encryptOlm(type: "m.dummy", content: [:], for: alice.info))
        let back = try await alice.device.decryptOlm(sender: "@bob:hs", content: reply)
        #expect(back.type == "m.dummy")
        try await alice.fixture.close()
        try await bob.fixture.close()
    }

    @Test func devicesAreCheckedAgainstTheirOwnAndTheirOwnersSignatures() throws {
        let account = OlmAccount()
        let keys = try account.deviceKeys(userID: "@carol:hs", deviceID: "CAROL")
        let device = try #require(
            DeviceInfo.verified(keys, userID: "@carol:hs", deviceID: "CAROL", selfSigningKey: nil))
        #expect(!device.isCrossSigned)
        #expect(DeviceInfo.verified(keys, userID: "@carol:hs", deviceID: "OTHER", selfSigningKey: nil) == nil)
        #expect(DeviceInfo.verified(keys, userID: "@eve:hs", deviceID: "CAROL", selfSigningKey: nil) == nil)
        guard case .object(var tampered) = keys else { return }
        tampered["algorithms"] = [.string(RoomKeys.olmAlgorithm), .string(RoomKeys.megolmAlgorithm), "x"]
        #expect(
            DeviceInfo.verified(.object(tampered), userID: "@carol:hs", deviceID: "CAROL", selfSigningKey: nil) == nil,
            "a device whose own signature does not hold is refused")
    }

    @Test func sessionsPastTheBoundAreRemovedFromTheStoreToo() async throws {
        let alice = try await Side(user: "@alice:hs", device: "ALICE")
        let bob = try await Side(user: "@bob:hs", device: "BOB")
        let uploads = MatrixDeviceTests.Uploads()
        try await bob.device.publishKeys(.init(), upload: uploads.upload)
        let oneTimeKeys = try #require(uploads.last?["one_time_keys"]?.objectValue).sorted { $0.key < $1.key }
        let rounds = MatrixDevice.maximumSessionsPerDevice + 3
        for (_, key) in oneTimeKeys.prefix(rounds) {
            // Each new session's first message is a pre-key message: Bob starts a session of his own.
            try await alice.device.startOlmSession(with: bob.info, oneTimeKey: key)
            let message = try #require(try await alice.device.encryptOlm(type: "m.dummy", content: [:], for: bob.info))
            _ = try await bob.device.decryptOlm(sender: "@alice:hs", content: message)
        }
        let aliceKey = alice.device.identityKeys.curve25519, bobKey = bob.device.identityKeys.curve25519
        let bobsRows = try await bob.fixture.state.loadAll(.olmSession).filter { $0.name.hasPrefix(aliceKey) }
        let alicesRows = try await alice.fixture.state.loadAll(.olmSession).filter { $0.name.hasPrefix(bobKey) }
        #expect(bobsRows.count == MatrixDevice.maximumSessionsPerDevice)
        #expect(alicesRows.count == MatrixDevice.maximumSessionsPerDevice)
        #expect(await bob.device.olmSessionCount(curve25519: aliceKey) == MatrixDevice.maximumSessionsPerDevice)
        // The newest session still carries messages both ways.
        let reply = try #require(try await bob.device.encryptOlm(type: "m.dummy", content: [:], for: alice.info))
        #expect(try await alice.device.decryptOlm(sender: "@bob:hs", content: reply).type == "m.dummy")
        try await alice.fixture.close()
        try await bob.fixture.close()
    }
}

import Foundation
import Logging
import MatrixCrypto
import Testing

@testable import Matrix

/// One of the test's people's encrypting devices, in process: the bot's own Olm and Megolm code
/// playing the other side, on the fake homeserver directly. It publishes its keys, reads the
/// room keys sent to it, opens the bot's encrypted events, and says things encrypted under a
/// Megolm session of its own whose key it hands the bot's device over Olm. (The Synapse suites
/// check the same against vodozemac, matrix-nio and mautrix.)
actor InProcessPeer {
    let userID: String
    let deviceID: String
    private let server: FakeHomeserver
    private let device: MatrixDevice
    private let inbound: InboundGroupSessions
    private var outbound = MegolmOutboundSession()
    /// The session's key at its first message: what a late share must carry to open every
    /// message already sent.
    private let firstSessionKey: String

    private init(
        userID: String, deviceID: String, server: FakeHomeserver, device: MatrixDevice, inbound: InboundGroupSessions
    ) {
        self.userID = userID
        self.deviceID = deviceID
        self.server = server
        self.device = device
        self.inbound = inbound
        firstSessionKey = outbound.sessionKey.base64
    }

    /// A new device of `userID`'s with its keys published.
    static func start(
        _ userID: String, device deviceID: String, on server: FakeHomeserver
    ) async throws -> InProcessPeer {
        await server.addDevice(deviceID, of: userID)
        let state = CryptoStateStore(
            store: InMemoryMatrixState(), vault: CryptoVault(key: MatrixStoreKey(secret: "a store key for the tests")),
            account: "peer \(userID) \(deviceID)")
        let device = try await MatrixDevice.open(
            state: state, userID: userID, deviceID: deviceID, logger: Logger(label: "peer"))
        try await device.publishKeys(.init()) { body in
            await server.uploadKeys(try Self.json(body), for: deviceID, of: userID)
        }
        return InProcessPeer(
            userID: userID, deviceID: deviceID, server: server, device: device,
            inbound: InboundGroupSessions(state: state))
    }

    static func json(_ value: CanonicalJSONValue) throws -> JSONValue {
        try JSONValue.parse(CanonicalJSON.encode(value))
    }

    static func canonical(_ value: JSONValue) throws -> CanonicalJSONValue {
        try CanonicalJSON.parse(Array(value.encoded()))
    }

    /// Keeps the room keys sent to this device since it last looked; returns how many.
    @discardableResult
    func receiveRoomKeys() async throws -> Int {
        var added = 0
        for event in await server.takeInbox(of: deviceID, of: userID)
        where event["type"]?.string == RoomKeys.encryptedType {
            let payload = try await device.decryptOlm(
                sender: event["sender"]?.string ?? "", content: try Self.canonical(event["content"] ?? [:]))
            guard payload.type == RoomKeys.roomKeyType, let key = payload.content["session_key"]?.stringValue,
                let sessionID = payload.content["session_id"]?.stringValue,
                let roomID = payload.content["room_id"]?.stringValue
            else { continue }
            if try await inbound.add(
                MegolmInboundSession(sessionKeyBase64: key), sessionID: sessionID, roomID: roomID,
                senderKey: payload.senderKey, claimedEd25519: payload.claimedEd25519) == .added
            {
                added += 1
            }
        }
        return added
    }

    /// An encrypted event the bot sent, opened: `{"type": …, "content": …, "room_id": …}`.
    func open(_ event: FakeEvent) async throws -> JSONValue {
        try await receiveRoomKeys()
        let opened = try await inbound.decrypt(
            roomID: event.roomID, sessionID: event.content["session_id"]?.string ?? "",
            senderKeys: [event.content["sender_key"]?.string ?? ""],
            ciphertext: event.content["ciphertext"]?.string ?? "",
            eventID: event.eventID)
        return try JSONValue.parse(opened.plaintext)
    }

    /// Hands this device's room key for `roomID` to another device over Olm (a new Olm session
    /// from one of its one-time keys).
    func shareRoomKey(in roomID: String, with otherUser: String, device otherDevice: String) async throws {
        let keys = try #require(await server.deviceKeys(of: otherUser)[otherDevice])
        let info = DeviceInfo(
            userID: otherUser, deviceID: otherDevice,
            curve25519: keys["keys"]?["curve25519:\(otherDevice)"]?.string ?? "",
            ed25519: keys["keys"]?["ed25519:\(otherDevice)"]?.string ?? "", isCrossSigned: false)
        if await !device.hasOlmSession(with: info) {
            let claimed = try #require(await server.claimKey(of: otherDevice, of: otherUser)?.objectValue?.values.first)
            try await device.startOlmSession(with: info, oneTimeKey: try Self.canonical(claimed))
        }
        let roomKey: CanonicalJSONValue = [
            "algorithm": .string(RoomKeys.megolmAlgorithm), "room_id": .string(roomID),
            "session_id": .string(outbound.sessionID), "session_key": .string(firstSessionKey),
        ]
        let content = try #require(try await device.encryptOlm(type: RoomKeys.roomKeyType, content: roomKey, for: info))
        await server.sendToDevice(
            type: RoomKeys.encryptedType, content: try Self.json(content), from: userID, to: otherDevice, of: otherUser)
    }

    /// Says `text` in `roomID`, encrypted (its key must reach the reader by `shareRoomKey`).
    func say(_ text: String, in roomID: String) async throws -> FakeEvent {
        let plaintext: CanonicalJSONValue = [
            "type": "m.room.message", "content": ["msgtype": "m.text", "body": .string(text)],
            "room_id": .string(roomID),
        ]
        let ciphertext = try outbound.encrypt(try CanonicalJSON.encodeString(plaintext))
        return await server.send(
            [
                "algorithm": .string(RoomKeys.megolmAlgorithm), "sender_key": .string(device.identityKeys.curve25519),
                "ciphertext": .string(ciphertext), "session_id": .string(outbound.sessionID),
                "device_id": .string(deviceID),
            ], type: RoomKeys.encryptedType, from: userID, in: roomID)
    }
}

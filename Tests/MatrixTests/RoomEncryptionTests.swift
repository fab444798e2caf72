import Foundation
import GifSources
import Testing

@testable import Matrix

@Suite struct RoomEncryptionTests {
    static let bot = "@bot:localhost"

    func room(state: [JSONValue] = [], timeline: [JSONValue] = []) throws -> SyncResponse.JoinedRoom {
        let json: JSONValue = ["state": ["events": .array(state)], "timeline": ["events": .array(timeline)]]
        return SyncResponse.JoinedRoom(json: try #require(json.objectValue))
    }

    func event(
        _ type: String, _ id: String, stateKey: String?, content: JSONValue, sender: String = "@alice:localhost"
    ) -> JSONValue {
        var event: [String: JSONValue] = [
            "event_id": .string(id), "type": .string(type), "sender": .string(sender), "content": content,
        ]
        if let stateKey { event["state_key"] = .string(stateKey) }
        return .object(event)
    }

    func encryption(_ id: String = "$enc") -> JSONValue {
        event("m.room.encryption", id, stateKey: "", content: ["algorithm": "m.megolm.v1.aes-sha2"])
    }

    var ownJoin: JSONValue {
        event("m.room.member", "$join", stateKey: Self.bot, content: ["membership": "join"], sender: Self.bot)
    }

    @Test func encryptionInTheStateOfAJoinedRoomIsAJoin() throws {
        let found = RoomEncryption(
            of: try room(state: [encryption()], timeline: [ownJoin]), ownUserID: Self.bot, knownEncrypted: false)
        #expect(found == RoomEncryption(algorithm: "m.megolm.v1.aes-sha2", reason: .joined))
    }

    @Test func encryptionInTheTimelineBeforeTheJoinIsAJoinToo() throws {
        let found = RoomEncryption(
            of: try room(timeline: [encryption(), ownJoin]), ownUserID: Self.bot, knownEncrypted: false)
        #expect(found == RoomEncryption(algorithm: "m.megolm.v1.aes-sha2", reason: .joined))
    }

    @Test func encryptionInTheTimelineOfARoomTheBotIsInIsTurnedOn() throws {
        let found = RoomEncryption(of: try room(timeline: [encryption()]), ownUserID: Self.bot, knownEncrypted: false)
        #expect(found == RoomEncryption(algorithm: "m.megolm.v1.aes-sha2", reason: .turnedOn))
    }

    @Test func aRoomKnownEncryptedIsToldWhenTheBotJoinsItAgain() throws {
        let found = RoomEncryption(of: try room(timeline: [ownJoin]), ownUserID: Self.bot, knownEncrypted: true)
        #expect(found == RoomEncryption(algorithm: nil, reason: .joined))
    }

    /// Without the bot's own events in the sync: history the homeserver annotated as from before
    /// the join shows the join, or the bot's own join call does.
    @Test func annotatedHistoryOrTheBotsOwnJoinCallIsAJoinWithoutItsJoinEvent() throws {
        var history = event("m.room.member", "$alice", stateKey: "@alice:localhost", content: ["membership": "join"])
        if case .object(var object) = history {
            object["unsigned"] = ["membership": "leave"]
            history = .object(object)
        }
        let joined = RoomEncryption(algorithm: "m.megolm.v1.aes-sha2", reason: .joined)
        #expect(
            RoomEncryption(
                of: try room(state: [encryption()], timeline: [history]), ownUserID: Self.bot, knownEncrypted: false)
                == joined)
        #expect(
            RoomEncryption(
                of: try room(state: [encryption()]), ownUserID: Self.bot, knownEncrypted: false, joinedByCall: true)
                == joined)
        #expect(
            RoomEncryption(of: try room(state: [encryption()]), ownUserID: Self.bot, knownEncrypted: false)
                == RoomEncryption(algorithm: "m.megolm.v1.aes-sha2", reason: nil))
    }

    @Test func plainRoomsAndOtherEventsSayNothing() throws {
        let others: [JSONValue] = [
            event("m.room.encryption", "$odd", stateKey: "x", content: ["algorithm": "m.megolm.v1.aes-sha2"]),
            event("m.room.message", "$m", stateKey: nil, content: ["msgtype": "m.text", "body": "!gif cat"]),
            event("m.room.member", "$other", stateKey: "@alice:localhost", content: ["membership": "join"]),
        ]
        #expect(
            RoomEncryption(of: try room(timeline: others + [ownJoin]), ownUserID: Self.bot, knownEncrypted: false)
                == RoomEncryption(algorithm: nil, reason: nil))
        #expect(
            RoomEncryption(of: try room(), ownUserID: Self.bot, knownEncrypted: true)
                == RoomEncryption(algorithm: nil, reason: nil))
    }

    @Test func anEncryptionEventWithoutAnAlgorithmStillCounts() throws {
        let bare = event("m.room.encryption", "$bare", stateKey: "", content: [:])
        #expect(
            RoomEncryption(of: try room(state: [bare]), ownUserID: Self.bot, knownEncrypted: false).algorithm
                == RoomEncryption.unknownAlgorithm)
    }

    @Test func aSyncBatchKeepsStateAndEncryptedEvents() throws {
        let json = #"""
            {"next_batch":"s9","rooms":{"join":{"!r:localhost":{
              "state":{"events":[{"event_id":"$e","type":"m.room.encryption","sender":"@a:l","state_key":"","content":{"algorithm":"m.megolm.v1.aes-sha2"}}]},
              "timeline":{"events":[{"event_id":"$x","type":"m.room.encrypted","sender":"@a:l","content":{"algorithm":"m.megolm.v1.aes-sha2","ciphertext":"AwgA"}}]}}}}}
            """#
        let sync = try SyncResponse(parsing: Data(json.utf8))
        let room = try #require(sync.rooms?.join?["!r:localhost"])
        #expect(room.state?.events?.elements.map(\.type) == ["m.room.encryption"])
        #expect(room.timeline?.events?.elements.map(\.type) == ["m.room.encrypted"])
        #expect(
            RoomEncryption(of: room, ownUserID: Self.bot, knownEncrypted: false)
                == RoomEncryption(algorithm: "m.megolm.v1.aes-sha2", reason: nil))
    }
}

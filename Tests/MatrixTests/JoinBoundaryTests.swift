import Foundation
import GifSources
import Testing

@testable import Matrix

/// Where a room's history ends for the bot, with and without the homeserver's annotations of
/// its membership (`unsigned.membership`).
@Suite struct JoinBoundaryTests {
    static let bot = "@bot:l"

    func event(
        _ id: String, _ type: String = "m.room.message", sender: String = "@a:l", stateKey: String? = nil,
        content: JSONValue = ["msgtype": "m.text", "body": "!about"], unsigned: JSONValue? = nil
    ) throws -> RoomEvent {
        var json: [String: JSONValue] = [
            "event_id": .string(id), "type": .string(type), "sender": .string(sender), "content": content,
        ]
        if let stateKey { json["state_key"] = .string(stateKey) }
        if let unsigned { json["unsigned"] = unsigned }
        return try #require(RoomEvent(json: json))
    }

    func annotated(_ id: String, _ membership: String, sender: String = "@a:l") throws -> RoomEvent {
        try event(id, sender: sender, unsigned: ["membership": .string(membership), "age": 12])
    }

    @Test func theMembershipIsReadFromUnsignedAndAnOddOneReadsAsNone() throws {
        #expect(try annotated("$e", "join").membership == "join")
        #expect(try event("$e").membership == nil)
        #expect(try event("$e", unsigned: ["membership": 3]).membership == nil)
        #expect(try event("$e", unsigned: "join").membership == nil)
        #expect(try event("$e", unsigned: ["age": 1, "prev_content": ["membership": "join"]]).membership == nil)
    }

    @Test func annotatedHistoryBeforeTheJoinIsNotAnsweredWithoutTheBotsOwnJoin() throws {
        let events = [
            try annotated("$old", "leave"),
            try event(
                "$invite", "m.room.member", stateKey: Self.bot, content: ["membership": "invite"],
                unsigned: ["membership": "invite"]),
            try annotated("$while-invited", "invite"),
            try annotated("$new", "join"),
            try annotated("$newer", "join"),
        ]
        #expect(JoinBoundary.afterJoin(events, ownUserID: Self.bot).map(\.eventID) == ["$new", "$newer"])
        #expect(JoinBoundary.holdsJoin(events, ownUserID: Self.bot))
    }

    @Test func aBatchWhollyAfterTheJoinIsAnsweredWholeAndIsNoJoin() throws {
        let events = [try annotated("$one", "join"), try annotated("$two", "join")]
        #expect(JoinBoundary.afterJoin(events, ownUserID: Self.bot).map(\.eventID) == ["$one", "$two"])
        #expect(!JoinBoundary.holdsJoin(events, ownUserID: Self.bot))
    }

    @Test func whatWasSaidWhileTheBotWasOutIsHistoryTooAfterARejoin() throws {
        let events = [
            try annotated("$before", "join"), try annotated("$away", "leave"), try annotated("$back", "join"),
        ]
        #expect(JoinBoundary.afterJoin(events, ownUserID: Self.bot).map(\.eventID) == ["$back"])
    }

    @Test func withoutAnnotationsTheBotsOwnJoinMarksTheHistory() throws {
        let events = [
            try event("$old"),
            try event(
                "$join", "m.room.member", sender: Self.bot, stateKey: Self.bot, content: ["membership": "join"]),
            try event("$new"),
        ]
        #expect(JoinBoundary.afterJoin(events, ownUserID: Self.bot).map(\.eventID) == ["$new"])
        #expect(JoinBoundary.holdsJoin(events, ownUserID: Self.bot))
        #expect(!JoinBoundary.holdsJoin([try event("$new")], ownUserID: Self.bot))
    }

    @Test func anUnannotatedEventIsPlacedOnlyWhileTheBotsOwnEventsAreSynced() throws {
        let bare = try event("$bare")
        #expect(JoinBoundary.isPlaced(bare, ownEventsLeftOut: false))
        #expect(!JoinBoundary.isPlaced(bare, ownEventsLeftOut: true))
        #expect(JoinBoundary.isPlaced(try annotated("$a", "join"), ownEventsLeftOut: true))
    }
}

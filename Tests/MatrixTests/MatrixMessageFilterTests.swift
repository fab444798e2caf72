import Foundation
import GifSources
import Testing

@testable import Matrix

@Suite struct MatrixMessageFilterTests {
    func event(_ content: JSONValue, sender: String = "@alice:localhost", type: String = "m.room.message") -> RoomEvent
    {
        let json: JSONValue = ["event_id": "$e1", "type": .string(type), "sender": .string(sender), "content": content]
        return RoomEvent(json: json.objectValue!)!
    }

    @Test func textMessagesAreRead() {
        #expect(
            MatrixMessageFilter.commandText(
                of: event(["msgtype": "m.text", "body": "!gif cat"]), ownUserID: "@bot:localhost") == "!gif cat")
    }

    @Test func ownNoticesEmotesEditsAndOtherEventsAreNot() {
        let bot = "@bot:localhost"
        #expect(
            MatrixMessageFilter.commandText(
                of: event(["msgtype": "m.text", "body": "!gif"], sender: bot), ownUserID: bot) == nil)
        #expect(
            MatrixMessageFilter.commandText(of: event(["msgtype": "m.notice", "body": "!gif cat"]), ownUserID: bot)
                == nil)
        #expect(
            MatrixMessageFilter.commandText(of: event(["msgtype": "m.emote", "body": "!gif cat"]), ownUserID: bot)
                == nil)
        #expect(
            MatrixMessageFilter.commandText(
                of: event([
                    "msgtype": "m.text", "body": "* !gif dog",
                    "m.new_content": ["msgtype": "m.text", "body": "!gif dog"],
                    "m.relates_to": ["rel_type": "m.replace", "event_id": "$e0"],
                ]), ownUserID: bot) == nil)
        #expect(
            MatrixMessageFilter.commandText(of: event(["body": "!gif cat"], type: "m.sticker"), ownUserID: bot) == nil)
        #expect(MatrixMessageFilter.commandText(of: event(["msgtype": "m.text"]), ownUserID: bot) == nil)
    }

    @Test func replyFallbacksAreStripped() {
        let reply = event([
            "msgtype": "m.text", "body": "> <@bot:localhost> a GIF\n> second line\n\n!fav",
            "m.relates_to": ["m.in_reply_to": ["event_id": "$gif"]],
        ])
        #expect(MatrixMessageFilter.commandText(of: reply, ownUserID: "@bot:localhost") == "!fav")
        #expect(MatrixMessageFilter.stripReplyFallback("!gif > cat") == "!gif > cat")
    }

    @Test func invitesNameTheirInviter() throws {
        let json: JSONValue = [
            "invite_state": [
                "events": [
                    ["type": "m.room.name", "sender": "@alice:localhost", "state_key": "", "content": ["name": "x"]],
                    [
                        "type": "m.room.member", "sender": "@alice:localhost", "state_key": "@bot:localhost",
                        "content": ["membership": "invite"],
                    ],
                ]
            ]
        ]
        let room = SyncResponse.InvitedRoom(json: try #require(json.objectValue))
        #expect(MatrixMessageFilter.inviter(in: room, ownUserID: "@bot:localhost") == "@alice:localhost")
        #expect(MatrixMessageFilter.inviter(in: room, ownUserID: "@other:localhost") == nil)
    }

    @Test func oneOddEventDoesNotLoseTheBatch() throws {
        let json =
            #"{"next_batch":"s2","rooms":{"join":{"!r:localhost":{"timeline":{"events":[{"event_id":"$1","type":"m.room.message","sender":"@a:l","content":{"msgtype":"m.text","body":"!gif"}},{"type":"broken"},{"event_id":"$3","type":"m.room.message","sender":"@a:l","content":{}}]}}}}}"#
        let sync = try SyncResponse(parsing: Data(json.utf8))
        #expect(sync.rooms?.join?["!r:localhost"]?.timeline?.events?.elements.map(\.eventID) == ["$1", "$3"])
    }
}

@Suite struct InviteAllowListTests {
    @Test(arguments: [
        ("@alice:example.org", ["@*:example.org"], true),
        ("@alice:evil.org", ["@*:example.org"], false),
        ("@alice:example.org.evil", ["@*:example.org"], false),
        ("@bob:example.org", ["@alice:example.org"], false),
        ("@a1:x", ["@a?:x"], true),
        ("@anything:anywhere", ["*"], true),
    ])
    func patterns(_ user: String, _ patterns: [String], _ allowed: Bool) {
        #expect(InviteAllowList(patterns: patterns, admins: []).allows(user) == allowed)
    }

    @Test func withoutPatternsOnlyAdmins() {
        let list = InviteAllowList(patterns: [], admins: ["@root:x"])
        #expect(list.allows("@root:x"))
        #expect(!list.allows("@alice:x"))
    }
}

@Suite struct MatrixHistoryTests {
    func event(_ id: String, _ type: String, sender: String, stateKey: String? = nil, content: JSONValue) -> RoomEvent {
        var json: [String: JSONValue] = [
            "event_id": .string(id), "type": .string(type), "sender": .string(sender), "content": content,
        ]
        if let stateKey { json["state_key"] = .string(stateKey) }
        return RoomEvent(json: json)!
    }

    @Test func whatCameBeforeTheBotsJoinIsHistory() {
        let events = [
            event("$old", "m.room.message", sender: "@a:l", content: ["msgtype": "m.text", "body": "!about"]),
            event("$join", "m.room.member", sender: "@bot:l", stateKey: "@bot:l", content: ["membership": "join"]),
            event("$new", "m.room.message", sender: "@a:l", content: ["msgtype": "m.text", "body": "!gif"]),
        ]
        #expect(JoinBoundary.afterJoin(events, ownUserID: "@bot:l").map(\.eventID) == ["$new"])
        #expect(
            JoinBoundary.afterJoin(events, ownUserID: "@other:l").map(\.eventID) == ["$old", "$join", "$new"])
    }
}

/// Who is out of a room after a sync's member events (issue 31): their gallery grants end.
@Suite struct MatrixDepartedMembersTests {
    let bot = "@bot:localhost"

    func member(_ user: String, _ membership: String, by sender: String? = nil) -> RoomEvent {
        let json: JSONValue = [
            "event_id": "$m", "type": "m.room.member", "sender": .string(sender ?? user), "state_key": .string(user),
            "content": ["membership": .string(membership)],
        ]
        return RoomEvent(json: json.objectValue!)!
    }

    @Test func leavesKicksAndBansAreDeparturesOthersAreNot() {
        #expect(MatrixMessageFilter.departedMember(in: member("@a:l", "leave"), ownUserID: bot) == "@a:l")
        #expect(MatrixMessageFilter.departedMember(in: member("@a:l", "leave", by: "@op:l"), ownUserID: bot) == "@a:l")
        #expect(MatrixMessageFilter.departedMember(in: member("@a:l", "ban", by: "@op:l"), ownUserID: bot) == "@a:l")
        for membership in ["join", "invite", "knock"] {
            #expect(MatrixMessageFilter.departedMember(in: member("@a:l", membership), ownUserID: bot) == nil)
        }
        #expect(MatrixMessageFilter.departedMember(in: member(bot, "leave"), ownUserID: bot) == nil, "the bot itself")
    }

    @Test func theLastMembershipOfEachCounts() {
        let events = [
            member("@a:l", "leave"), member("@a:l", "join"), member("@b:l", "join"), member("@b:l", "ban"),
            member("@c:l", "leave"),
        ]
        #expect(MatrixMessageFilter.departedMembers(after: events, ownUserID: bot) == ["@b:l", "@c:l"])
    }
}

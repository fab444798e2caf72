import Foundation
import MatrixTestSupport
import Testing

@testable import Matrix

/// A room's moderators run its settings (issue 33), on Synapse: a member at the room's
/// `state_default` (50) may, one at level 0 may not, a power-level change counts from the next
/// command without a restart, and in a room of version 12 the creator, who holds no level in
/// `m.room.power_levels`, may.
@Suite(.timeLimit(.minutes(3))) struct MatrixRoomModeratorTests {
    static let refusal = "Only room moderators or bot admins can change this channel's settings."

    static func accepted(_ commands: Int) -> String {
        "From now on each user may send \(commands) commands per 60 s in this channel."
    }

    /// A second member of `room`, invited by alice.
    func member(_ name: String, of room: String, in harness: MatrixBotHarness) async throws -> MatrixTestClient {
        let user = try await harness.server.registerUser(SynapseServer.uniqueLocalpart(name), password: "pw-\(name)")
        let member = MatrixTestClient(server: harness.server, user: user)
        try await harness.alice.invite(user.userID, to: room)
        _ = try await member.join(room)
        return member
    }

    /// A room of `version` alice made, which the bot joined on her invitation.
    func room(version: String, in harness: MatrixBotHarness) async throws -> String {
        let botUser = harness.botUser
        let room = try await harness.alice.createRoom(name: "v\(version)", invite: [botUser], roomVersion: version)
        _ = try await harness.alice.waitForEvent(in: room, timeout: .seconds(30)) {
            $0.type == "m.room.member" && $0.stateKey == botUser && $0.membership == "join"
        }
        return room
    }

    /// What the bot answers `client`'s `text` in `room`.
    func answer(
        _ text: String, from client: MatrixTestClient, in room: String, _ harness: MatrixBotHarness
    )
        async throws -> String
    {
        try await harness.answer(to: try await client.sendText(text, to: room), in: room).body ?? ""
    }

    func powerLevels(_ users: [String: Int]) -> JSONValue {
        [
            "users": .object(users.mapValues { .number(Double($0)) }), "users_default": 0, "state_default": 50,
            "events_default": 0,
        ]
    }

    @Test func aModeratorMayAMemberMayNotAndAPowerLevelChangeCountsAtOnce() async throws {
        try await withMatrixBot { harness in
            let alice = harness.alice
            harness.startBot(await harness.configuration())
            // Version 11: its creator holds a level like anyone (version 12 is the next test).
            let room = try await room(version: "11", in: harness)
            let bob = try await member("bob", of: room, in: harness)

            #expect(try await answer("!cooldown 9 60", from: bob, in: room, harness).contains(Self.refusal))
            #expect(try await answer("!cooldown 3 60", from: alice, in: room, harness).contains(Self.accepted(3)))

            let users = [alice.user.userID: 100, harness.botUser: 0]
            try await alice.setState(
                "m.room.power_levels", content: powerLevels(users.merging([bob.user.userID: 50]) { $1 }), in: room)
            let promoted = try await answer("!cooldown 4 60", from: bob, in: room, harness)
            #expect(promoted.contains(Self.accepted(4)), "\(promoted)")

            try await alice.setState("m.room.power_levels", content: powerLevels(users), in: room)
            #expect(try await answer("!cooldown 5 60", from: bob, in: room, harness).contains(Self.refusal))
        }
    }

    @Test func theCreatorOfAVersion12RoomIsItsModerator() async throws {
        try await withMatrixBot { harness in
            let alice = harness.alice
            harness.startBot(await harness.configuration())
            let room = try await room(version: "12", in: harness)
            let bob = try await member("bob", of: room, in: harness)
            #expect(try await answer("!cooldown 2 60", from: alice, in: room, harness).contains(Self.accepted(2)))
            #expect(try await answer("!cooldown 7 60", from: bob, in: room, harness).contains(Self.refusal))
        }
    }
}

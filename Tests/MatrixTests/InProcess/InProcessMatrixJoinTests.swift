import Foundation
import GiphyStandIn
import Testing

@testable import Matrix

/// Joins beside the sync loop (`RoomJoins`): an invitation or a configured room the homeserver
/// cannot take now is joined once it can, and a join that waits holds up no command.
@Suite(.timeLimit(.minutes(1))) struct InProcessMatrixJoinTests {
    static let isJoin: @Sendable (FakeRequest) -> Bool = { $0.method == "POST" && $0.path.contains("/join/") }

    @Test func aRateLimitedJoinOfAnInvitationIsMadeWhenTheHomeserverAllows() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            await harness.homeserver.inject(.rateLimited(retryAfterMilliseconds: 200), times: 2, matching: Self.isJoin)
            let room = try await harness.roomWithBot()
            #expect(await harness.homeserver.requests(containing: "/join/").count == 3)
            #expect(harness.logs.text.contains("Matrix join will be retried"))
            #expect(harness.logs.text.contains("Joined a room on invitation"))
            _ = try await harness.ask("!about", in: room)
        }
    }

    @Test func aJoinThatWaitsHoldsUpNoCommandInAnotherRoom() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            await harness.homeserver.inject(
                .rateLimited(retryAfterMilliseconds: 3_000), times: 1, matching: Self.isJoin)
            let waiting = await harness.homeserver.createRoom(by: harness.alice, invite: [harness.botUser])
            try await harness.homeserver.waitForRequests(count: 2, matching: Self.isJoin)
            // Asked and answered while the join waits out the homeserver's three seconds.
            let answer = try await harness.ask("!about", in: room)
            #expect(answer.body?.contains("Powered by GIPHY") == true)
            #expect(await harness.homeserver.membership(of: harness.botUser, in: waiting) == "invite")
            let botUser = harness.botUser
            _ = try await harness.homeserver.waitForEvent(in: waiting) {
                $0.stateKey == botUser && $0.membership == "join"
            }
        }
    }

    @Test func aConfiguredRoomMetByAnOutageIsJoinedOnceTheHomeserverIsBack() async throws {
        try await withInProcessMatrixBot { harness in
            let room = await harness.homeserver.createRoom(by: harness.alice, invite: [harness.botUser])
            await harness.homeserver.inject(.error(502, "HTTP_502", "bad gateway"), times: 2, matching: Self.isJoin)
            var configuration = harness.configuration(inviteAllow: [])
            configuration.rooms = [room]
            harness.start(configuration)
            let botUser = harness.botUser
            _ = try await harness.homeserver.waitForEvent(in: room) {
                $0.stateKey == botUser && $0.membership == "join"
            }
            #expect(await harness.homeserver.requests(containing: "/join/").count == 3)
            #expect(harness.logs.text.contains("Joined room"))
            _ = try await harness.ask("!about", in: room)
        }
    }

    /// A join refused for the bot's token ends the session (the refusal is noted, as a reply's
    /// is), and the invitation is joined in the next one: it stays queued, where a join that
    /// failed otherwise is dropped.
    @Test func anInvitationWhoseJoinWasRefusedForTheTokenIsJoinedAfterLoggingInAgain() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            await harness.homeserver.inject(.unknownToken, times: 1, matching: Self.isJoin)
            let invited = await harness.homeserver.createRoom(by: harness.alice, invite: [harness.botUser])
            let botUser = harness.botUser
            _ = try await harness.homeserver.waitForEvent(in: invited) {
                $0.stateKey == botUser && $0.membership == "join"
            }
            // The first room's join, the refused one, and the one made again.
            #expect(await harness.homeserver.requests(containing: "/join/").count == 3)
            #expect(!harness.logs.text.contains("Could not join a room"))
            _ = try await harness.ask("!about", in: invited)
            _ = try await harness.ask("!about", in: room)
        }
    }
}

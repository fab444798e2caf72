import BotTestSupport
import Foundation
import MatrixTestSupport
import Testing

@testable import GifBotWeb
@testable import Matrix

/// `!web` on a real Synapse (issue 25): the login link is a credential, so it goes to the asker
/// alone, in a direct room the bot opens with them, and the room the command was said in only
/// hears where it went.
@Suite(.timeLimit(.minutes(3))) struct MatrixWebLinkTests {
    static let baseURL = "https://gifs.example.org"

    @Test func theLinkGoesToADirectRoomWithTheAskerAlone() async throws {
        try await withMatrixBot(webBaseURL: Self.baseURL) { harness in
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            let alice = harness.alice, botUser = harness.botUser
            let command = try await alice.sendText("!web", to: room)
            #expect(
                try await harness.answer(to: command, in: room).body
                    == "I sent you a private message with your link to the gallery.")

            let invitation = try #require(try await alice.waitForInvitations(from: botUser).first)
            #expect(invitation.isDirect && invitation.roomID != room)
            _ = try await alice.join(invitation.roomID)
            let members = try await alice.roomMembers(invitation.roomID)
            #expect(Set(members.keys) == [botUser, alice.user.userID], "nobody else is in the direct room")
            let first = try await Self.link(in: invitation.roomID, from: botUser, for: alice)
            let ticket = try await Self.ticket(of: first, harness: harness)
            #expect(ticket.network == MatrixAdapter.network && ticket.userID == alice.user.userID)
            #expect(ticket.channel == room, "the link grants the room it was asked in")

            // A second link goes to the same direct room: no second invitation.
            let again = try await alice.sendText("!web", to: room)
            _ = try await harness.answer(to: again, in: room)
            let second = try await Self.link(in: invitation.roomID, from: botUser, for: alice)
            #expect(second != first)
            #expect(await alice.invitations(from: botUser).map(\.roomID) == [invitation.roomID])
            #expect(
                !(await alice.events(in: room)).contains { $0.body?.contains(Self.baseURL) == true },
                "the link never reaches the room the command was said in")
        }
    }

    /// The next login link the bot sent `client` in `room`, as a notice.
    static func link(in room: String, from bot: String, for client: MatrixTestClient) async throws -> String {
        let message = try await client.waitForEvent(in: room) { $0.sender == bot && $0.type == "m.room.message" }
        #expect(message.msgtype == "m.notice")
        let body = try #require(message.body)
        let start = try #require(body.range(of: "\(baseURL)/login?token="), "a login link in: \(body.prefix(60))")
        return String(body[start.lowerBound...]).components(separatedBy: .whitespaces)[0]
    }

    /// The ticket a link carries, checked by the bot's own web access (signature, expiry, unused).
    static func ticket(of link: String, harness: MatrixBotHarness) async throws -> LoginTicket {
        let token = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "token" }?.value)
        let access = try #require(harness.testBot.webAccess)
        return try await access.check(token).get()
    }
}

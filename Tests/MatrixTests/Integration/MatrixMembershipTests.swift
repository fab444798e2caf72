import BotTestSupport
import Foundation
import GifBotCore
import MatrixTestSupport
import Storage
import Testing

@testable import Matrix

/// A member who leaves a room, is kicked or banned loses the gallery's view of it (issue 31):
/// the bot sees the membership change in its sync and revokes the grant their `!web` made.
@Suite(.timeLimit(.minutes(3))) struct MatrixMembershipTests {
    @Test func aKickOrBanRevokesTheGalleryGrant() async throws {
        try await withMatrixBot(webBaseURL: MatrixWebLinkTests.baseURL) { harness in
            let server = harness.server, alice = harness.alice
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            var members: [MatrixTestClient] = []
            for name in ["bob", "carol"] {
                let user = try await server.registerUser(SynapseServer.uniqueLocalpart(name), password: "pw-\(name)")
                let member = MatrixTestClient(server: server, user: user)
                try await alice.invite(user.userID, to: room)
                _ = try await member.join(room)
                _ = try await harness.answer(to: try await member.sendText("!web", to: room), in: room)
                #expect(try await grants(of: member, in: harness) == [room])
                members.append(member)
            }
            try await alice.kick(members[0].user.userID, from: room)
            try await alice.ban(members[1].user.userID, from: room)
            // The room's events are handled in order: once this is answered, so were the two above.
            _ = try await harness.answer(to: try await alice.sendText("!about", to: room), in: room)
            for member in members {
                #expect(try await grants(of: member, in: harness).isEmpty, "\(member.user.userID)")
            }
        }
    }

    func grants(of member: MatrixTestClient, in harness: MatrixBotHarness) async throws -> [String] {
        try await harness.store.webChannels(
            for: UserKey(network: MatrixAdapter.network, userID: member.user.userID),
            grantedSince: WebChannelGrants.oldestValid(at: Date()))
    }
}

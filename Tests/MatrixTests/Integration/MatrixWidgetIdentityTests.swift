import BotTestSupport
import Foundation
import MatrixTestSupport
import Testing

@testable import Matrix

/// The picker widget's identity check on a real Synapse (issue 35, MSC1960): an OpenID token
/// Synapse issued is traced to its user through the federation API's userinfo; a forged one, or
/// one claimed for another server, is not; membership is read by the bot in the room.
@Suite(.timeLimit(.minutes(3))) struct MatrixWidgetIdentityTests {
    @Test func aRealOpenIDTokenNamesItsUserAndNothingElseDoes() async throws {
        try await withMatrixBot { harness in
            let configuration = await harness.configuration()
            harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            let alice = harness.alice
            let user = alice.user.userID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let answer = try #require(
                try await alice.request(
                    "POST", "/_matrix/client/v3/user/\(user)/openid/request_token", json: .object([:])
                )
                .requireSuccess().json)
            let token = try #require(answer["access_token"]?.stringValue)
            let server = try #require(answer["matrix_server_name"]?.stringValue)

            let identity = MatrixWidgetIdentity(
                configuration: configuration, httpClient: harness.testBot.httpClient, bot: harness.testBot.bot)
            #expect(await identity.userID(openIDToken: token, serverName: server) == alice.user.userID)
            #expect(await identity.userID(openIDToken: token + "x", serverName: server) == nil, "a forged token")
            #expect(await identity.userID(openIDToken: token, serverName: "elsewhere.example") == nil, "another server")
            #expect(await identity.isJoined(alice.user.userID, room: room))
            #expect(!(await identity.isJoined("@nobody:\(server)", room: room)))
        }
    }
}

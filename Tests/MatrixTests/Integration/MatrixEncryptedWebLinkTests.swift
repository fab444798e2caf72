import BotTestSupport
import Foundation
import GiphyStandIn
import MatrixTestSupport
import Testing

@testable import GifBotWeb
@testable import Matrix

/// `!web` asked in an encrypted room by a real encrypting peer (matrix-nio): the bot's direct
/// room is encrypted from its first event, and the login link in it, sent while the asker was
/// only invited, is readable once they join (the room key goes to invited members too).
@Suite(.timeLimit(.minutes(3))) struct MatrixEncryptedWebLinkTests {
    @Test func theLinkComesEncryptedInADirectRoomTheAskerCanRead() async throws {
        try await withMatrixBot(webBaseURL: MatrixWebLinkTests.baseURL) { harness in
            let (result, erin) = try await MatrixE2EEPeerTests().runPeerWithEncryptingBot(
                "web-link", harness: harness, password: "peer-password-5")
            let told = try #require(result.answers?.first)
            #expect(told.decrypted && told.body == "I sent you a private message with your link to the gallery.")
            #expect(result.invitations == 1)
            #expect(result.directAlgorithm == "m.megolm.v1.aes-sha2", "the direct room is encrypted")
            let link = try #require(result.link)
            #expect(result.linkWasEncrypted == true, "the link never crossed the homeserver in the clear")
            #expect(link.decrypted, "the invited asker got the room key with the message")
            let body = try #require(link.body)
            let start = try #require(body.range(of: "\(MatrixWebLinkTests.baseURL)/login?token="))
            let url = String(body[start.lowerBound...]).components(separatedBy: .whitespaces)[0]
            let token = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "token" }?.value)
            let ticket = try await #require(harness.testBot.webAccess).check(token).get()
            #expect(ticket.userID == erin.userID)
            #expect(!harness.logs.text.contains(token), "the link is in no log line")
        }
    }
}

import BotTestSupport
import Foundation
import GiphyStandIn
import IRCTestSupport
import KlipyStandIn
import Testing

@testable import IRC

/// The bot on KLIPY alone (`gifs.sources: [klipy]`) on a real IRC server.
@Suite(.timeLimit(.minutes(3))) struct IRCKlipySmokeTests {
    @Test func gifFavAndAttributionOnKlipy() async throws {
        let server = try await IRCTestServer.shared(.ngircd)
        try await withIRCBot(source: .klipy) { harness in
            let nick = uniqueNick("kim")
            let kim = try await harness.client(port: server.ports.plain, nick: nick, capabilities: [])
            harness.startBot(harness.network(port: server.ports.plain))
            try await kim.waitForJoin(of: harness.botNick, in: harness.channel)

            try await kim.say(harness.channel, "!gif cat")
            let reply = try await kim.nextMessage(from: harness.botNick, to: harness.channel).text
            #expect(
                reply.hasPrefix("\(nick): ") && reply.contains(" (klipy:") && reply.contains(") https://"), "\(reply)")
            #expect(!reply.contains("via"), "the only source is not named")
            #expect(reply.utf8.count < 512)
            try await kim.say(harness.channel, "!fav")
            #expect(try await kim.nextMessage(from: harness.botNick, to: harness.channel).text.contains("Saved \""))
            try await kim.say(harness.channel, "!about")
            #expect(
                try await kim.nextMessage(from: harness.botNick, to: harness.channel).text.hasSuffix(
                    "Powered by KLIPY."))
            let klipy = try #require(harness.testBot.klipyStandIn)
            #expect(klipy.requests(to: "gifs/search").count == 1)
            #expect(harness.standIn.requests.isEmpty, "GIPHY is not asked")
        }
    }
}

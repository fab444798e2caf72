import Foundation
import GifBotCore
import GiphyStandIn
import IRCTestSupport
import Testing

@testable import IRC

/// Servers that limit nicks, channels that refuse the bot, and titles long enough to push a
/// link over the end of a line: against real servers.
@Suite(.timeLimit(.minutes(3))) struct IRCUnusualServerTests {
    /// ngIRCd with `MaxNickLength = 9` and the bot's nine-character nick taken: every longer
    /// alternate is refused, so the bot must find one that fits (it used to retry until its
    /// registration timed out, and again on every reconnect).
    @Test func aTakenNickAsLongAsTheServerAllowsGetsAnAlternateThatFits() async throws {
        try await withIRCBot { harness in
            let server = try await harness.startServer(.ngircd, maxNickLength: 9)
            let botNick =
                "gb" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(7)).lowercased()
            let holder = try await harness.connect(port: server.ports.plain, nick: botNick, capabilities: [])
            try await holder.join(harness.channel)
            let watcher = try await harness.client(port: server.ports.plain, nick: uniqueNick("w"), capabilities: [])
            var configuration = harness.network(port: server.ports.plain)
            configuration.nick = botNick
            configuration.timing.nickRegainInterval = .seconds(1)
            let bot = harness.startBot(configuration)

            let join = try await watcher.waitFor(timeout: .seconds(30)) { line in
                line.command == "JOIN" && line.sourceNick != botNick
                    && line.sourceNick?.hasPrefix(String(botNick.prefix(6))) == true
            }
            let alternate = try #require(join.sourceNick)
            #expect(alternate.count <= 9)
            #expect(bot.adapter.registeredConnections == 1, "registered on the first connection")
            try await watcher.say(harness.channel, "!about")
            #expect(try await watcher.nextMessage(from: alternate, to: harness.channel).text.contains("GifBot"))

            await holder.quit()
            let change = try await watcher.waitFor(timeout: .seconds(20)) {
                $0.command == "NICK" && $0.sourceNick == alternate
            }
            #expect(change.parameters.first == botNick, "the configured nick is taken back once free")
            #expect(bot.adapter.registeredConnections == 1)
        }
    }

    /// The channel modes that keep the bot out, the numeric each earns, and the reason shown.
    static let refusals: [(String, String, String)] = [
        ("+i", "-i", "invite-only (473"),
        ("+k sesame", "-k sesame", "wrong or missing key (475"),
        ("+b BOT!*@*", "-b BOT!*@*", "banned (474"),
    ]

    @Test(arguments: refusals)
    func aChannelThatRefusesTheBotIsReportedAndJoinedOnceTheModeIsLifted(
        set: String, lift: String, reason: String
    ) async throws {
        let server = try await IRCTestServer.shared(.ngircd)
        try await withIRCBot { harness in
            // The first to join a channel on ngIRCd is its operator.
            let op = try await harness.client(port: server.ports.plain, nick: uniqueNick("op"), capabilities: [])
            let channel = harness.channel
            try await op.send("MODE \(channel) \(set.replacingOccurrences(of: "BOT", with: harness.botNick))")
            _ = try await op.waitFor {
                $0.command == "MODE" && $0.parameters.first?.lowercased() == channel.lowercased()
            }

            let bot = harness.startBot(harness.network(port: server.ports.plain))
            #expect(await harness.logs.waitFor("warning cannot join \(channel): \(reason)"))
            let refused = await bot.adapter.status.readinessProblem()
            #expect(refused?.hasSuffix("joined 0 of 1 channels; refused: \(reason))") == true, "\(refused ?? "ready")")
            #expect(await harness.logs.waitFor("cannot join \(channel): \(reason)", count: 2), "asked again")

            try await op.send("MODE \(channel) \(lift.replacingOccurrences(of: "BOT", with: harness.botNick))")
            try await op.waitForJoin(of: harness.botNick, in: channel, timeout: .seconds(20))
            #expect(await harness.logs.waitFor("notice joined \(channel)"))
            #expect(await bot.adapter.status.readinessProblem() == nil)
            #expect(bot.adapter.registeredConnections == 1)
        }
    }

    /// A long title and a long GIPHY link (its query ending `&ct=g`): the reply is one line
    /// with the title shortened; it was two, cut inside the link.
    @Test func aLongTitleIsShortenedSoItsLinkArrivesWhole() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let link =
                "https://media4.giphy.com/media/v1.Y2lkPTc5MGI3NjExcWZ1d3R6aWJ6b2V4c2N6d2R6a2VqcGx5d3B0eGJ6Z2Z6dSZlcD12MV9naWZzX3NlYXJjaCZjdD1n/3o7TKSjRrfIPjeiVyM/giphy.gif?cid=790b7611qfuwtzibzoexsczwdzkejplywptxbzgfzu&ep=v1_gifs_search&rid=giphy.gif&ct=g"
            harness.standIn.override(
                "/v1/gifs/search",
                with: IRCSafetyTests.search(
                    title: String(repeating: "猫", count: 80), id: "3o7TKSjRrfIPjeiVyM", link: link))
            let nick = uniqueNick("nina")
            let nina = try await harness.client(port: server.ports.relaxed, nick: nick)
            harness.startBot(harness.network(port: server.ports.relaxed))
            try await nina.waitForJoin(of: harness.botNick, in: harness.channel)
            try await nina.say(harness.channel, "!gif cat")
            let reply = try await nina.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(reply.text.hasPrefix("\(nick): 猫猫"))
            #expect(reply.text.hasSuffix("… (3o7TKSjRrfIPjeiVyM) " + link))
            #expect(IRCSafetyTests.messageBytes(reply) <= 512)
            try await nina.say(harness.channel, "!about")
            let next = try await nina.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(next.text.hasPrefix("\(nick): GifBot"), "the GIF took one line")
        }
    }
}

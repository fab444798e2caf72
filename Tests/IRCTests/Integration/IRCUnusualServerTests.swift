import Foundation
import IRCTestSupport
import Testing
@testable import IRC

/// Servers that limit nicks, and channels that refuse the bot: against real servers.
@Suite(.timeLimit(.minutes(3))) struct IRCUnusualServerTests {
    /// ngIRCd with `MaxNickLength = 9` and the bot's nine-character nick taken: every longer
    /// alternate is refused, so the bot must find one that fits (it used to retry until its
    /// registration timed out, and again on every reconnect).
    @Test func aTakenNickAsLongAsTheServerAllowsGetsAnAlternateThatFits() async throws {
        try await withIRCBot { harness in
            let server = try await harness.startServer(.ngircd, maxNickLength: 9)
            let botNick = "gb" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(7)).lowercased()
            let holder = try await harness.connect(port: server.ports.plain, nick: botNick, capabilities: [])
            try await holder.join(harness.channel)
            let watcher = try await harness.client(port: server.ports.plain, nick: uniqueNick("w"), capabilities: [])
            var configuration = harness.network(port: server.ports.plain)
            configuration.nick = botNick
            configuration.timing.nickRegainInterval = .seconds(1)
            let bot = harness.startBot(configuration)

            let join = try await watcher.waitFor(timeout: .seconds(30)) { line in
                line.command == "JOIN" && line.sourceNick != botNick && line.sourceNick?.hasPrefix(String(botNick.prefix(6))) == true
            }
            let alternate = try #require(join.sourceNick)
            #expect(alternate.count <= 9)
            #expect(bot.adapter.registeredConnections == 1, "registered on the first connection")
            try await watcher.say(harness.channel, "!about")
            #expect(try await watcher.nextMessage(from: alternate, to: harness.channel).text.contains("GifBot"))

            await holder.quit()
            let change = try await watcher.waitFor(timeout: .seconds(20)) { $0.command == "NICK" && $0.sourceNick == alternate }
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
    func aChannelThatRefusesTheBotIsReportedAndJoinedOnceTheModeIsLifted(set: String, lift: String, reason: String) async throws {
        let server = try await IRCTestServer.shared(.ngircd)
        try await withIRCBot { harness in
            // The first to join a channel on ngIRCd is its operator.
            let op = try await harness.client(port: server.ports.plain, nick: uniqueNick("op"), capabilities: [])
            let channel = harness.channel
            try await op.send("MODE \(channel) \(set.replacingOccurrences(of: "BOT", with: harness.botNick))")
            _ = try await op.waitFor { $0.command == "MODE" && $0.parameters.first?.lowercased() == channel.lowercased() }

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
}

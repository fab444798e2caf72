import Foundation
import IRCTestSupport
import Testing
@testable import IRC

/// Servers that limit nicks: against real servers.
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
}

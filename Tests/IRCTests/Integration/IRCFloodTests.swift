import Foundation
import GifBotCore
import IRCTestSupport
import Testing

@testable import IRC

/// A burst of commands on a port with InspIRCd's default flood limits.
@Suite(.timeLimit(.minutes(3))) struct IRCFloodTests {
    @Test func thirtyCommandsFromTwoUsersAreAllAnsweredInOrderWithoutAFloodKill() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let (jackNick, kimNick) = (uniqueNick("jack"), uniqueNick("kim"))
            let jack = try await harness.client(port: server.ports.relaxed, nick: jackNick)
            let kim = try await harness.client(port: server.ports.relaxed, nick: kimNick)
            let bot = harness.startBot(harness.network(port: server.ports.plain))
            try await jack.waitForJoin(of: harness.botNick, in: harness.channel)
            let started = ContinuousClock.now
            for index in 1...15 {
                try await jack.say(harness.channel, "!suggest j\(index)")
                try await kim.say(harness.channel, "!suggest k\(index)")
            }
            // Each user's commands reach the bot in the order that user sent them, but the server
            // relays two users' lines in whatever order it reads their sockets, so wait for both
            // last replies: the order asserted below is each user's own.
            let isLastReply: @Sendable (TestIRCLine) -> Bool = { line in
                line.sourceNick == harness.botNick && line.command == "PRIVMSG"
                    && (line.text.contains("\"j15\"") || line.text.contains("\"k15\""))
            }
            _ = try await jack.waitFor(timeout: .seconds(90), isLastReply)
            _ = try await jack.waitFor(timeout: .seconds(90), isLastReply)
            let elapsed = ContinuousClock.now - started
            let replies = await jack.lines().filter { $0.sourceNick == harness.botNick && $0.command == "PRIVMSG" }.map
            { $0.text }
            let toJack = replies.filter { $0.hasPrefix("\(jackNick): ") }
            let toKim = replies.filter { $0.hasPrefix("\(kimNick): ") }
            #expect(
                toJack == (1...15).map { "\(jackNick): Suggestions for \"j\($0)\": j\($0)s, j\($0) funny, j\($0) love" }
            )
            #expect(
                toKim == (1...15).map { "\(kimNick): Suggestions for \"k\($0)\": k\($0)s, k\($0) funny, k\($0) love" })
            #expect(await !jack.lines().contains { $0.command == "QUIT" && $0.sourceNick == harness.botNick })
            #expect(bot.adapter.registeredConnections == 1, "never disconnected")
            print("IRC flood burst: 30 replies delivered in \(elapsed)")
        }
    }

    @Test func theDefaultCooldownLimitsPolitely() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot(settings: .init()) { harness in
            let (nick, otherNick) = (uniqueNick("lee"), uniqueNick("max"))
            let lee = try await harness.client(port: server.ports.relaxed, nick: nick)
            let max = try await harness.client(port: server.ports.relaxed, nick: otherNick)
            harness.startBot(harness.network(port: server.ports.plain))
            try await lee.waitForJoin(of: harness.botNick, in: harness.channel)
            for index in 1...8 { try await lee.say(harness.channel, "!suggest x\(index)") }
            _ = try await lee.waitFor(timeout: .seconds(30)) {
                $0.sourceNick == harness.botNick && $0.command == "NOTICE"
            }
            // Replies are released in the order their commands arrived, so once the bot has
            // answered a later command from someone else, no reply to lee's burst is still due.
            try await max.say(harness.channel, "!about")
            _ = try await lee.waitFor(timeout: .seconds(30)) { line in
                line.sourceNick == harness.botNick && line.command == "PRIVMSG" && line.text.hasPrefix("\(otherNick): ")
            }
            let fromBot = await lee.lines().filter {
                $0.sourceNick == harness.botNick && ($0.command == "PRIVMSG" || $0.command == "NOTICE")
            }
            let toLee = fromBot.filter { $0.command == "PRIVMSG" && $0.text.hasPrefix("\(nick): ") }
            // Five of the eight, answered in the order they were sent. Which five is not fixed:
            // each command is admitted by its own task, so under load a later one can be
            // admitted before an earlier one (seen once: x1-x4 and x6).
            let answered = toLee.compactMap { line in
                (1...8).first { line.text == "\(nick): Suggestions for \"x\($0)\": x\($0)s, x\($0) funny, x\($0) love" }
            }
            #expect(answered.count == 5 && toLee.count == 5, "\(toLee.map(\.text))")
            #expect(answered == answered.sorted() && Set(answered).count == 5)
            #expect(fromBot.filter { $0.command == "NOTICE" }.count == 1)
            #expect(
                fromBot.first { $0.command == "NOTICE" }?.text.hasPrefix("You're sending commands too fast") == true)
        }
    }
}

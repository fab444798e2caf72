import BotTestSupport
import Foundation
import GifBotCore
import IRCTestSupport
import Storage
import Testing

@testable import IRC

/// A server that goes away under traffic, and a user who floods.
@Suite(.timeLimit(.minutes(4))) struct IRCFaultTests {
    /// GIFs the stand-in knows, all rated g.
    static let gifIDs = [
        "l0HlyLQsbvhciAuKA", "l0NwGpoOVLTAyUJSo", "l396BoOTIFem9xqQU", "qrIlvM63x7x9IjrHw1", "C7RCCFdaixA3u",
    ]

    @Test func aServerRestartedFiveTimesUnderTrafficLosesNoConfirmedFavoriteAndRepeatsNoReply() async throws {
        try await withIRCBot { harness in
            let server = try await harness.startServer(.ngircd)
            let nicks = ["ann", "ben", "cat"].map(uniqueNick)
            var users = try await Self.join(nicks, harness: harness, port: server.ports.plain)
            let bot = harness.startBot(harness.network(port: server.ports.plain))
            try await users[0].waitForJoin(of: harness.botNick, in: harness.channel)
            var confirmed: [String: [String]] = [:]
            // What the first user saw in the channel, connection after connection.
            var seen: [TestIRCLine] = []

            for round in 0..<5 {
                // Steady traffic: each user saves a favorite and waits for the confirmation...
                for (user, nick) in zip(users, nicks) {
                    try await user.say(harness.channel, "!fav \(Self.gifIDs[round])")
                    let reply = try await user.waitFor(timeout: .seconds(30)) { line in
                        line.sourceNick == harness.botNick && line.command == "PRIVMSG"
                            && line.text.hasPrefix("\(nick): ")
                    }
                    if reply.text.hasPrefix("\(nick): Saved ") {
                        confirmed[nick, default: []].append(Self.gifIDs[round])
                    }
                }
                // ...then says more that the restart may cut off: answered once or not at all.
                for (user, nick) in zip(users, nicks) {
                    try await user.say(harness.channel, "!suggest \(nick)r\(round)")
                }
                seen += await users[0].lines()
                try await server.restart()
                for user in users { await user.quit() }
                users = try await Self.join(nicks, harness: harness, port: server.ports.plain)
                try await users[0].waitForJoin(of: harness.botNick, in: harness.channel, timeout: .seconds(30))
            }
            #expect(bot.adapter.registeredConnections == 6, "came back after each of the five restarts")

            // The restarted bot still answers, and every confirmed favorite is in the store.
            try await users[0].say(harness.channel, "!about")
            #expect(
                try await users[0].nextMessage(from: harness.botNick, to: harness.channel, timeout: .seconds(30)).text
                    .contains("GifBot"))
            for nick in nicks {
                #expect(confirmed[nick]?.count == 5, "\(nick)'s five favorites were each confirmed")
                let stored = try await harness.testBot.store.favorites(
                    for: UserKey(network: "testnet", userID: "nick:\(nick)"))
                #expect(
                    Set(stored.map(\.gifID)) == Set(confirmed[nick] ?? []),
                    "\(nick): confirmed favorites all kept, nothing else")
            }
            seen += await users[0].lines()
            let replies = seen.filter { $0.sourceNick == harness.botNick && $0.command == "PRIVMSG" }.map(\.text)
            let repeated = Dictionary(grouping: replies, by: { $0 }).filter { $0.value.count > 1 }.keys
            #expect(repeated.isEmpty, "sent twice: \(Array(repeated))")
        }
    }

    @Test func aThousandCommandsFromOneUserAreCooledDownWhileOthersAreAnsweredPromptly() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot(settings: .init()) { harness in
            let (floodNick, kimNick, louNick) = (uniqueNick("flo"), uniqueNick("kim"), uniqueNick("lou"))
            let flooder = try await harness.client(port: server.ports.relaxed, nick: floodNick)
            let kim = try await harness.client(port: server.ports.relaxed, nick: kimNick)
            let lou = try await harness.client(port: server.ports.relaxed, nick: louNick)
            // The bot on the port with InspIRCd's default flood limits, as on a real network.
            let bot = harness.startBot(harness.network(port: server.ports.plain))
            try await kim.waitForJoin(of: harness.botNick, in: harness.channel)

            for index in 1...1000 { try await flooder.say(harness.channel, "!suggest f\(index)") }
            let asked = ContinuousClock.now
            try await kim.say(harness.channel, "!suggest kim")
            try await lou.say(harness.channel, "!suggest lou")
            for (client, nick) in [(kim, kimNick), (lou, louNick)] {
                let reply = try await client.waitFor(timeout: .seconds(30)) { line in
                    line.sourceNick == harness.botNick && line.command == "PRIVMSG" && line.text.hasPrefix("\(nick): ")
                }
                #expect(
                    reply.text
                        == "\(nick): Suggestions for \"\(nick.prefix(3))\": \(nick.prefix(3))s, \(nick.prefix(3)) funny, \(nick.prefix(3)) love"
                )
            }
            let waited = ContinuousClock.now - asked
            #expect(waited < .seconds(15), "the others waited \(waited) behind the flood")
            // Answers go out in the order the commands came in: once the whole flood has been
            // relayed and a later command answered, nothing more is due to the flooder.
            let isLastOfTheFlood: @Sendable (TestIRCLine) -> Bool = {
                $0.sourceNick == floodNick && $0.text == "!suggest f1000"
            }
            if await !kim.lines().contains(where: isLastOfTheFlood) {
                _ = try await kim.waitFor(timeout: .seconds(60), isLastOfTheFlood)
            }
            try await lou.say(harness.channel, "!about")
            _ = try await lou.waitFor(timeout: .seconds(30)) { line in
                line.sourceNick == harness.botNick && line.command == "PRIVMSG"
                    && line.text.hasPrefix("\(louNick): GifBot")
            }
            let fromBot = await kim.lines().filter { $0.sourceNick == harness.botNick && $0.command == "PRIVMSG" }
            #expect(fromBot.filter { $0.text.hasPrefix("\(floodNick): ") }.count == 5, "five answers within the window")
            let notices = await flooder.lines().filter { $0.sourceNick == harness.botNick && $0.command == "NOTICE" }
            #expect(
                notices.count == 1 && notices.first?.text.hasPrefix("You're sending commands too fast") == true,
                "then one notice")
            #expect(bot.adapter.registeredConnections == 1, "never disconnected")
            #expect(await !kim.lines().contains { $0.command == "QUIT" && $0.sourceNick == harness.botNick })
        }
    }

    /// Connects every nick (no IRCv3 on ngIRCd) and joins the harness's channel.
    static func join(_ nicks: [String], harness: IRCBotHarness, port: Int) async throws -> [TestIRCClient] {
        var clients: [TestIRCClient] = []
        for nick in nicks { clients.append(try await harness.client(port: port, nick: nick, capabilities: [])) }
        return clients
    }
}

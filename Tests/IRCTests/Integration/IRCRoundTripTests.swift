import Foundation
import GiphyStandIn
import IRCTestSupport
import Testing

@testable import IRC

func uniqueNick(_ base: String) -> String {
    base + String(UUID().uuidString.prefix(5)).lowercased()
}

/// `!gif cat` and friends on both real servers.
@Suite(.timeLimit(.minutes(3))) struct IRCRoundTripTests {
    @Test func gifOnInspIRCdIsAddressedThreadedAndEndsWithAPoliteQuit() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let nick = uniqueNick("alice")
            let alice = try await harness.client(
                port: server.ports.relaxed, nick: nick,
                capabilities: ["message-tags", "account-tag", "server-time", "echo-message"])
            let bot = harness.startBot(harness.network(port: server.ports.relaxed))
            try await alice.waitForJoin(of: harness.botNick, in: harness.channel)

            try await alice.say(harness.channel, "!gif cat")
            let echo = try await alice.nextMessage(from: nick, to: harness.channel)
            let reply = try await alice.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(
                reply.text
                    == "\(nick): Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice (l0NwGpoOVLTAyUJSo) https://media0.giphy.com/media/l0NwGpoOVLTAyUJSo/giphy-downsized.gif?cid=9c0c14d2u97f5uuqxa8xitmppjlxqwwqr5onlcthid79if4z&ep=v1_gifs_search&rid=giphy-downsized.gif&ct=g"
            )
            #expect(echo.tags["msgid"] != nil)
            #expect(reply.tags["+reply"] == echo.tags["msgid"])
            #expect(
                reply.tags.keys.contains { $0 == "bot" || $0.hasSuffix("/bot") },
                "bot mode is set and the server tags the bot's messages")

            try await alice.say(harness.channel, "!fav")
            #expect(
                try await alice.nextMessage(from: harness.botNick, to: harness.channel).text.hasPrefix(
                    "\(nick): Saved \"Ben Affleck"))
            try await alice.say(harness.botNick, "!favs")
            let privateReply = try await alice.nextMessage(from: harness.botNick, to: nick)
            #expect(privateReply.text == "Your favorites (1, page 1/1, newest first):")

            await bot.stop()
            let quit = try await alice.waitFor { $0.command == "QUIT" && $0.sourceNick == harness.botNick }
            #expect(quit.parameters.first?.contains("GifBot is shutting down") == true)
        }
    }

    @Test func gifOnPlainRFCngIRCd() async throws {
        let server = try await IRCTestServer.shared(.ngircd)
        try await withIRCBot { harness in
            let nick = uniqueNick("bob")
            let bob = try await harness.client(port: server.ports.plain, nick: nick, capabilities: [])
            harness.startBot(harness.network(port: server.ports.plain))
            try await bob.waitForJoin(of: harness.botNick, in: harness.channel)
            try await bob.say(harness.channel, "\u{02}!GIF\u{02} cat")
            let reply = try await bob.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(
                reply.text.hasPrefix(
                    "\(nick): Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice (l0NwGpoOVLTAyUJSo) https://"))
            #expect(reply.tags.isEmpty)
            try await bob.say(harness.channel, "!more")
            #expect(
                try await bob.nextMessage(from: harness.botNick, to: harness.channel).text.contains(
                    "(l396BoOTIFem9xqQU)"))
            try await bob.say(harness.botNick, "!help fav")
            #expect(
                try await bob.nextMessage(from: harness.botNick, to: nick).text
                    == "» !fav [id]: save a GIF to your favorites (default: the last one you were shown)")
            try await bob.send("NOTICE \(harness.channel) :!gif ignored")
            try await bob.say(harness.channel, "!about")
            #expect(
                try await bob.nextMessage(from: harness.botNick, to: harness.channel).text.hasPrefix("\(nick): GifBot"),
                "the NOTICE got no answer; the next answer is to !about")
        }
    }

    @Test func favoritesFollowAnAccountAcrossNicks() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            harness.startBot(harness.network(port: server.ports.relaxed))
            let first = try await harness.client(
                port: server.ports.relaxed, nick: uniqueNick("tuA"), sasl: ("testuser", "testpassword"))
            try await first.waitForJoin(of: harness.botNick, in: harness.channel)
            try await first.say(harness.channel, "!fav l0NwGpoOVLTAyUJSo")
            #expect(try await first.nextMessage(from: harness.botNick, to: harness.channel).text.contains("Saved"))
            await first.quit()

            let secondNick = uniqueNick("tuB")
            let second = try await harness.client(
                port: server.ports.relaxed, nick: secondNick, sasl: ("testuser", "testpassword"))
            try await second.say(harness.channel, "!favs")
            _ = try await second.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(
                try await second.nextMessage(from: harness.botNick, to: harness.channel).text.contains(
                    "(l0NwGpoOVLTAyUJSo)"))

            let strangerNick = uniqueNick("testuser")
            let stranger = try await harness.client(port: server.ports.relaxed, nick: strangerNick)
            try await stranger.say(harness.channel, "!favs")
            #expect(
                try await stranger.nextMessage(from: harness.botNick, to: harness.channel).text.hasPrefix(
                    "\(strangerNick): You have no favorites yet"),
                "a nick without the account does not get the account's favorites")
            try await stranger.say(harness.channel, "!favs testuser")
            #expect(
                try await stranger.nextMessage(from: harness.botNick, to: harness.channel).text.hasPrefix(
                    "\(strangerNick): testuser's favorites (1,"))
        }
    }
}

import Foundation
import GiphyStandIn
import IRCTestSupport
import Testing

/// `gifbot run` as an operator starts it: environment only, a real IRC server, every command.
@Suite(.timeLimit(.minutes(3))) struct RunCommandIRCTests {
    @Test func runAnswersEveryCommandInAnIRCChannelAndQuitsOnSIGTERM() async throws {
        let server = try await IRCTestServer.shared(.ngircd)
        try await withConsole { harness in
            let suffix = String(UUID().uuidString.prefix(5)).lowercased()
            let channel = "#run-\(suffix)", botNick = "gbrun\(suffix)", nick = "mia\(suffix)"
            let environment = harness.environment([
                "IRC_HOST": "127.0.0.1", "IRC_PORT": String(server.ports.plain), "IRC_TLS": "false",
                "IRC_CHANNELS": channel, "IRC_NICK": botNick, "BOT_ADMINS": nick,
            ])
            let client = try await TestIRCClient.connect(port: server.ports.plain, nick: nick)
            try await client.join(channel)
            let bot = try harness.launch(["run"], environment: environment)
            _ = try await client.waitFor(timeout: .seconds(20)) { $0.command == "JOIN" && $0.sourceNick == botNick }

            let commands = [
                "!gif cat", "!more", "!gifs cat", "!random", "!translate hi", "!trending", "!trends", "!suggest ca",
                "!related cat", "!info", "!fav", "!favs", "!unfav 1", "!recent", "!help", "!about", "!undo",
                "!rating g", "!cooldown",
            ]
            var answers: [String] = []
            for command in commands {
                try await client.say(channel, command)
                let line = try await client.waitFor { $0.command == "PRIVMSG" && $0.sourceNick == botNick }
                answers.append(line.text)
                // !gifs answers with three lines, !favs with two: take them all before the next command.
                let extra = command == "!gifs cat" ? 2 : (command == "!favs" ? 1 : 0)
                for _ in 0..<extra {
                    answers.append(
                        try await client.waitFor { $0.command == "PRIVMSG" && $0.sourceNick == botNick }.text)
                }
            }
            #expect(answers.allSatisfy { $0.hasPrefix("\(nick): ") })
            let body = answers.map { String($0.dropFirst(nick.count + 2)) }
            try #require(body.count > 21)
            #expect(body[0].contains("(l0NwGpoOVLTAyUJSo)"))
            #expect(body[1].contains("(l396BoOTIFem9xqQU)"))
            #expect(body[2].hasPrefix("1. ") && body[3].hasPrefix("2. ") && body[4].hasPrefix("3. "))
            #expect(body[5].contains("(bDL3BsB4ViI2k)") && body[6].contains("(bDL3BsB4ViI2k)"))
            #expect(body[7].contains("(5EjYHxXlIWPn7UCQig)"))
            #expect(body[8].hasPrefix("Trending searches: "))
            #expect(body[9].hasPrefix("Suggestions for \"ca\""))
            #expect(body[10].hasPrefix("Related to \"cat\""))
            #expect(body[11].contains("(5EjYHxXlIWPn7UCQig) · rated G"))
            #expect(body[12].hasPrefix("Saved \"Regular Season Football GIF by NFL\""))
            #expect(body[13] == "Your favorites (1, page 1/1, newest first):")
            #expect(body[14].hasPrefix("1. Regular Season Football GIF by NFL (5EjYHxXlIWPn7UCQig)"))
            #expect(body[15].hasPrefix("Removed "))
            #expect(body[16] == "Your recent searches: cat")
            #expect(body[17].hasPrefix("Commands: "))
            #expect(body[18].contains("Powered by GIPHY"))
            #expect(body[19] == "Messages can't be deleted on IRC once they are sent.")
            #expect(
                body[20] == "From now on I post GIFs rated at most g in this channel.",
                "the sender is an admin by nick on a network without accounts")
            #expect(body[21] == "There is no command limit here.", "the harness turns the cooldown off")

            bot.signal(SIGTERM)
            let quit = try await client.waitFor(timeout: .seconds(10)) {
                $0.command == "QUIT" && $0.sourceNick == botNick
            }
            #expect(quit.parameters.first?.contains("GifBot is shutting down") == true)
            let result = await bot.finish(timeout: .seconds(10))
            #expect(result.status == 0)
            #expect(!result.stderr.contains(GiphyStandIn.defaultAPIKey))
        }
    }
}

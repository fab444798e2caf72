import Foundation
import IRCTestSupport
import Testing

@testable import IRC

/// A channel's operators run its settings (issue 33), on real servers: the operator changes the
/// cool-down and it holds for everyone; a voiced member, a member whose operator status was
/// taken away, and someone who took the operator's old nick are refused; the operator keeps the
/// status under a new nick.
@Suite(.timeLimit(.minutes(3))) struct IRCChannelAdminTests {
    @Test(arguments: [IRCTestServer.Kind.ngircd, .inspircdAtheme])
    func theChannelsOperatorsChangeItsSettingsAndNobodyElse(_ kind: IRCTestServer.Kind) async throws {
        let server = try await IRCTestServer.shared(kind)
        try await withIRCBot { harness in
            let port = server.ports.relaxed
            let opNick = uniqueNick("op"), voiceNick = uniqueNick("vo"), plainNick = uniqueNick("pl")
            // The first to join a channel is its operator.
            let op = try await harness.client(port: port, nick: opNick)
            let voice = try await harness.client(port: port, nick: voiceNick)
            let plain = try await harness.client(port: port, nick: plainNick)
            harness.startBot(harness.network(port: port))
            try await op.waitForJoin(of: harness.botNick, in: harness.channel)
            let channel = harness.channel

            /// What the bot answers `nick` next in the channel (read from the operator's side).
            func answer(to nick: String) async throws -> String {
                let line = try await op.waitFor {
                    $0.sourceNick == harness.botNick && $0.command == "PRIVMSG" && $0.text.hasPrefix("\(nick): ")
                }
                return String(line.text.dropFirst(nick.count + 2))
            }
            /// The operator gives or takes `change` (`+o`) of `nick`, and `client` sees that very
            /// MODE (so the bot has seen it before anything `client` says after it).
            func mode(_ change: String, _ nick: String, seenBy client: TestIRCClient) async throws {
                try await op.send("MODE \(channel) \(change) \(nick)")
                _ = try await client.waitFor {
                    $0.command == "MODE" && $0.parameters.first == channel && $0.parameters.dropFirst().first == change
                        && $0.parameters.last == nick
                }
            }
            let refusal = "Only channel operators or bot admins can change this channel's settings."

            try await mode("+v", voiceNick, seenBy: voice)
            try await voice.say(channel, "!cooldown 9 60")
            #expect(try await answer(to: voiceNick) == refusal, "voiced")

            try await op.say(channel, "!cooldown 3 60")
            #expect(
                try await answer(to: opNick) == "From now on each user may send 3 commands per 60 s in this channel.")
            try await plain.say(channel, "!cooldown")
            #expect(try await answer(to: plainNick) == "Here each user may send 3 commands per 60 s.", "it holds")

            try await mode("+o", plainNick, seenBy: plain)
            try await mode("-o", plainNick, seenBy: plain)
            try await plain.say(channel, "!cooldown 4 60")
            #expect(try await answer(to: plainNick) == refusal, "deopped")

            let renamed = uniqueNick("op")
            try await op.send("NICK \(renamed)")
            _ = try await voice.waitFor { $0.command == "NICK" && $0.parameters.first == renamed }
            try await voice.send("NICK \(opNick)")
            _ = try await op.waitFor { $0.command == "NICK" && $0.parameters.first == opNick }
            try await voice.say(channel, "!cooldown 5 60")
            #expect(try await answer(to: opNick) == refusal, "the operator's old nick carries nothing")
            try await op.say(channel, "!cooldown 2 60")
            #expect(
                try await answer(to: renamed) == "From now on each user may send 2 commands per 60 s in this channel.",
                "the operator under a new nick")
        }
    }
}

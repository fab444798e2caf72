import BotTestSupport
import Foundation
import GifBotCore
import IRCTestSupport
import Storage
import Testing

@testable import IRC

/// A channel's own commands only from its members, on a real server (issue 31): someone outside
/// a channel without +n is refused `!web` and `!save` and nothing is stored; a member who parts
/// loses the gallery's view of the channel.
@Suite(.timeLimit(.minutes(3))) struct IRCMembershipTests {
    let batman = "l0NwGpoOVLTAyUJSo"

    @Test(arguments: [IRCTestServer.Kind.ngircd, .inspircdAtheme])
    func anOutsiderIsRefusedAndAPartEndsTheGrant(_ kind: IRCTestServer.Kind) async throws {
        let server = try await IRCTestServer.shared(kind)
        try await withIRCBot(webBaseURL: "https://gallery.example.org") { harness in
            let port = server.ports.relaxed
            let opNick = uniqueNick("op"), bobNick = uniqueNick("bob"), malloryNick = uniqueNick("mal")
            // The first to join is the channel's operator: it lets lines in from outside (-n).
            let op = try await harness.client(port: port, nick: opNick)
            try await op.send("MODE \(harness.channel) -n")
            try await op.send("MODE \(harness.channel)")
            let modes = try await op.waitFor { $0.command == "324" }
            #expect(modes.parameters.count > 2 && !modes.parameters[2].contains("n"), "\(modes.raw)")
            let bob = try await harness.client(port: port, nick: bobNick)
            let mallory = try await harness.connect(port: port, nick: malloryNick)
            harness.startBot(harness.network(port: port))
            try await op.waitForJoin(of: harness.botNick, in: harness.channel)

            let refusal = "You need to be in \(harness.channel) to do that."
            for command in ["!web", "!save \(batman) #secret", "!collection"] {
                try await mallory.say(harness.channel, command)
                let answer = try await mallory.waitFor { $0.sourceNick == harness.botNick }
                #expect(answer.command == "NOTICE" && answer.parameters == [malloryNick, refusal], "\(command)")
            }
            let store = harness.testBot.store
            let channel = CollectionChannel(network: "testnet", channel: harness.channel)
            #expect(try await store.collectionEntries(CollectionQuery(channel: channel)).total == 0, "nothing saved")
            #expect(try await grants(of: malloryNick, in: harness).isEmpty, "no gallery grant")
            #expect(
                !(await op.lines()).contains { $0.sourceNick == harness.botNick && $0.command == "PRIVMSG" },
                "the bot said nothing in the channel for the outsider")

            try await bob.say(harness.channel, "!web")
            let link = try await bob.nextMessage(from: harness.botNick, to: bobNick)
            #expect(link.text.contains("https://gallery.example.org/login?token="))
            #expect(try await grants(of: bobNick, in: harness) == [harness.channel])

            try await bob.send("PART \(harness.channel)")
            // The part and then this line from outside act in bob's order: once its refusal is
            // here, the part's revocation is done.
            try await bob.say(harness.channel, "!web")
            let after = try await bob.waitFor { $0.sourceNick == harness.botNick && $0.command == "NOTICE" }
            #expect(after.text == refusal)
            #expect(try await grants(of: bobNick, in: harness).isEmpty, "the gallery no longer lists the channel")
        }
    }

    /// The channels the gallery would list for `nick`'s sessions (the bot knows a user without
    /// an account by nick).
    func grants(of nick: String, in harness: IRCBotHarness) async throws -> [String] {
        try await harness.testBot.store.webChannels(
            for: UserKey(network: "testnet", userID: "nick:" + nick.lowercased()),
            grantedSince: WebChannelGrants.oldestValid(at: Date()))
    }
}

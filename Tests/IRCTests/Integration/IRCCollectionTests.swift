import Foundation
import GifBotCore
import GiphyStandIn
import IRCTestSupport
import Testing

@testable import IRC

/// A channel's collection on a real IRC server (issue 25): one person saves what another was
/// shown, who posts it back by tag and lists it; collections answer only in channels.
@Suite(.timeLimit(.minutes(3))) struct IRCCollectionTests {
    let batman = "l0NwGpoOVLTAyUJSo"

    @Test func aGifShownToOneIsSavedByAnotherAndPostedBackByTagOnInspIRCd() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let aliceNick = uniqueNick("alice"), bobNick = uniqueNick("bob")
            let alice = try await harness.client(port: server.ports.relaxed, nick: aliceNick)
            let bob = try await harness.client(port: server.ports.relaxed, nick: bobNick)
            // Alice joined first and is the channel's operator, who may change anyone's entry:
            // here only bot admins are, so that she is refused what bob saved.
            var network = harness.network(port: server.ports.relaxed)
            network.channelAdmins = .none
            harness.startBot(network)
            try await alice.waitForJoin(of: harness.botNick, in: harness.channel)

            try await alice.say(harness.channel, "!gif batman")
            _ = try await alice.nextMessage(from: harness.botNick, to: harness.channel)
            // Both see every line of the channel, in order.
            _ = try await bob.nextMessage(from: harness.botNick, to: harness.channel)
            try await bob.say(harness.channel, "!save #Dark rain")
            let saved = try await bob.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(
                saved.text
                    == "\(bobNick): Saved \"Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice\" (\(batman)) to this channel's collection with #dark #rain (1/500)."
            )
            _ = try await alice.nextMessage(from: harness.botNick, to: harness.channel)
            try await alice.say(harness.channel, "!forget \(batman)")
            #expect(
                try await alice.nextMessage(from: harness.botNick, to: harness.channel).text
                    == "\(aliceNick): Only \(bobNick), who saved \(batman), or a bot admin can change it.")

            try await alice.say(harness.channel, "!gif #dark")
            let posted = try await alice.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(
                posted.text.hasPrefix(
                    "\(aliceNick): Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice (\(batman)) https://"))
            try await alice.say(harness.channel, "!collection rain")
            #expect(
                try await alice.nextMessage(from: harness.botNick, to: harness.channel).text
                    == "\(aliceNick): This channel's GIFs tagged #rain (1, page 1/1, newest first):")
            #expect(
                try await alice.nextMessage(from: harness.botNick, to: harness.channel).text
                    == "\(aliceNick): 1. Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice (\(batman)) #dark #rain, saved by \(bobNick)"
            )
            try await alice.say(harness.botNick, "!collection")
            #expect(
                try await alice.nextMessage(from: harness.botNick, to: aliceNick).text
                    == "Collections belong to channels: use this in a channel.")
        }
    }
}

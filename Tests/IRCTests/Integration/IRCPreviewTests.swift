import Foundation
import GifBotCore
import IRCTestSupport
import Testing

@testable import IRC

/// Previews on a real InspIRCd (issue 24): the asker alone sees a candidate, as a private NOTICE
/// naming the channel, until they send it; shuffles never repeat; cancel and expiry post nothing;
/// admins alone make previews required; `!gifs` then `!pick 2` posts the second.
@Suite(.timeLimit(.minutes(3))) struct IRCPreviewTests {
    static let first = "l0NwGpoOVLTAyUJSo"
    static let second = "l396BoOTIFem9xqQU"

    @Test func aPreviewReachesTheAskerAloneUntilSendAndShuffleNeverRepeats() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let aliceNick = uniqueNick("alice"), bobNick = uniqueNick("bob")
            let alice = try await harness.client(port: server.ports.relaxed, nick: aliceNick)
            let bob = try await harness.client(port: server.ports.relaxed, nick: bobNick)
            harness.startBot(harness.network(port: server.ports.relaxed, admins: ["testuser"]))
            try await alice.waitForJoin(of: harness.botNick, in: harness.channel)

            try await alice.say(harness.channel, "!gif? cat")
            let asked = try await bob.nextMessage(from: aliceNick, to: harness.channel)
            let preview = try await alice.nextNotice(from: harness.botNick, to: aliceNick)
            #expect(preview.text.hasPrefix("Preview for \(harness.channel): "), "\(preview.text)")
            #expect(preview.text.contains("(\(Self.first)) https://"))
            #expect(preview.text.hasSuffix("(say !send, !shuffle or !cancel)"))

            try await alice.say(harness.botNick, "!shuffle")
            let shuffled = try await alice.nextNotice(from: harness.botNick, to: aliceNick)
            #expect(shuffled.text.contains("(\(Self.second))"), "a shuffle in private shows the next GIF")
            try await alice.say(harness.channel, "!shuffle")
            let third = try await alice.nextNotice(from: harness.botNick, to: aliceNick)
            #expect(!third.text.contains("(\(Self.first))") && !third.text.contains("(\(Self.second))"))
            try await alice.say(harness.channel, "!shuffle")
            let fourth = try await alice.nextNotice(from: harness.botNick, to: aliceNick)
            let shownIDs = [preview, shuffled, third, fourth].map { Self.gifID(in: $0.text) }
            #expect(Set(shownIDs).count == 4, "every shuffle is new: \(shownIDs)")

            try await alice.say(harness.botNick, "!send")
            let posted = try await bob.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(posted.text.hasPrefix("\(aliceNick): ") && Self.gifID(in: posted.text) == shownIDs[3])
            #expect(posted.tags["+reply"] == asked.tags["msgid"], "threaded to the command that asked")
            #expect(
                !(await bob.lines()).contains {
                    $0.sourceNick?.lowercased() == harness.botNick.lowercased() && $0.command == "NOTICE"
                },
                "bob never saw the preview")
            let botLinesToBob = (await bob.lines()).filter {
                $0.sourceNick?.lowercased() == harness.botNick.lowercased() && $0.command == "PRIVMSG"
            }
            #expect(botLinesToBob.count == 1, "nothing reached the channel before !send")

            try await alice.say(harness.channel, "!gif? dog")
            _ = try await alice.nextNotice(from: harness.botNick, to: aliceNick)
            try await alice.say(harness.channel, "!cancel")
            let cancelled = try await alice.nextNotice(from: harness.botNick, to: aliceNick)
            #expect(cancelled.text == "Cancelled; nothing was posted to \(harness.channel).")
            try await alice.say(harness.channel, "!send")
            #expect(
                try await alice.nextNotice(from: harness.botNick, to: aliceNick).text
                    == "You have no open preview; !gif? <query> starts one.")
            // Bob's next line from the bot is the answer to his own command: nothing came between.
            try await bob.say(harness.channel, "!about")
            #expect(
                try await bob.nextMessage(from: harness.botNick, to: harness.channel).text.hasPrefix(
                    "\(bobNick): GifBot"))
        }
    }

    @Test func adminsAloneRequirePreviewsAndGifsThenPickPostsTheSecond() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let aliceNick = uniqueNick("alice"), bobNick = uniqueNick("bob")
            let alice = try await harness.client(port: server.ports.relaxed, nick: aliceNick)
            let bob = try await harness.client(port: server.ports.relaxed, nick: bobNick)
            let admin = try await harness.client(
                port: server.ports.relaxed, nick: uniqueNick("root"), sasl: ("testuser", "testpassword"))
            // Alice joined first and is the channel's operator: only bot admins here.
            var network = harness.network(port: server.ports.relaxed, admins: ["testuser"])
            network.channelAdmins = .none
            harness.startBot(network)
            try await alice.waitForJoin(of: harness.botNick, in: harness.channel)

            try await alice.say(harness.channel, "!preview required")
            #expect(
                try await alice.nextMessage(from: harness.botNick, to: harness.channel).text
                    == "\(aliceNick): Only bot admins can change this channel's settings.")
            _ = try await admin.nextMessage(from: harness.botNick, to: harness.channel)  // alice's refusal
            try await admin.say(harness.channel, "!preview required")
            #expect(
                try await admin.nextMessage(from: harness.botNick, to: harness.channel).text.hasSuffix(
                    "Previews are required in this channel: every GIF is shown to its asker before it is posted."))
            _ = try await bob.nextMessage(from: harness.botNick, to: harness.channel)
            _ = try await bob.nextMessage(from: harness.botNick, to: harness.channel)

            try await alice.say(harness.channel, "!gif cat")
            let preview = try await alice.nextNotice(from: harness.botNick, to: aliceNick)
            #expect(
                preview.text.hasPrefix("Preview for \(harness.channel): ") && preview.text.contains("(\(Self.first))"))
            try await alice.say(harness.channel, "!gifs cat")
            let heading = try await alice.nextNotice(from: harness.botNick, to: aliceNick)
            #expect(heading.text == "Preview for \(harness.channel) (say !pick 1-3 or !cancel):")
            var choices: [String] = []
            for _ in 0..<3 { choices.append(try await alice.nextNotice(from: harness.botNick, to: aliceNick).text) }
            #expect(choices[1].hasPrefix("2. ") && choices[1].contains("(\(Self.second))"), "\(choices)")
            try await alice.say(harness.channel, "!pick 2")
            let picked = try await bob.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(picked.text.hasPrefix("\(aliceNick): ") && picked.text.contains("(\(Self.second))"))
            #expect(!picked.text.contains("2. "), "posted without the list number")
            #expect(
                !(await bob.lines()).contains {
                    $0.sourceNick?.lowercased() == harness.botNick.lowercased() && $0.command == "NOTICE"
                })
        }
    }

    @Test func anExpiredPreviewPostsNothing() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        let lifetime = Duration.seconds(1)
        try await withIRCBot(settings: BotSettings(cooldownCommands: 0, previewDuration: lifetime)) { harness in
            let aliceNick = uniqueNick("alice"), bobNick = uniqueNick("bob")
            let alice = try await harness.client(port: server.ports.relaxed, nick: aliceNick)
            let bob = try await harness.client(port: server.ports.relaxed, nick: bobNick)
            harness.startBot(harness.network(port: server.ports.relaxed))
            try await alice.waitForJoin(of: harness.botNick, in: harness.channel)
            try await alice.say(harness.channel, "!gif? cat")
            _ = try await alice.nextNotice(from: harness.botNick, to: aliceNick)
            // The preview's deadline counts from when the bot read the command, before this notice
            // arrived: waiting out its lifetime from here is past it, whatever the load.
            try await Task.sleep(for: lifetime + .milliseconds(200))
            try await alice.say(harness.channel, "!send")
            #expect(
                try await alice.nextNotice(from: harness.botNick, to: aliceNick).text
                    == "You have no open preview; !gif? <query> starts one.")
            try await bob.say(harness.channel, "!about")
            #expect(
                try await bob.nextMessage(from: harness.botNick, to: harness.channel).text.hasPrefix(
                    "\(bobNick): GifBot"),
                "nothing was posted before bob's own answer")
            try await alice.say(harness.channel, "!gif cat | ship it")
            let captioned = try await bob.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(
                captioned.text.hasPrefix("\(aliceNick): ") && captioned.text.hasSuffix(" — ship it"), "after the link")
        }
    }

    /// The GIF id in parentheses before the link.
    static func gifID(in text: String) -> String? {
        guard let link = text.range(of: ") http") else { return nil }
        let before = text[..<link.lowerBound]
        guard let open = before.lastIndex(of: "(") else { return nil }
        return String(before[before.index(after: open)...])
    }
}

extension TestIRCClient {
    /// The next NOTICE from `nick` to `target`.
    func nextNotice(from nick: String, to target: String, timeout: Duration = .seconds(20)) async throws -> TestIRCLine
    {
        let wanted = nick.lowercased(), recipient = target.lowercased()
        return try await waitFor(timeout: timeout) { line in
            line.command == "NOTICE" && line.sourceNick?.lowercased() == wanted
                && line.parameters.first?.lowercased() == recipient
        }
    }
}

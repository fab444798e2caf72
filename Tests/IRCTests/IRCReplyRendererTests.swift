import GifBotCore
import Testing

@testable import IRC

@Suite struct IRCReplyRendererTests {
    let renderer = IRCReplyRenderer(ownPrefix: "gifbot!gifbot@127.0.0.1", canTagReplies: true, caseMapping: .rfc1459)

    func chat(private isPrivate: Bool = false, messageID: String? = "m1") -> IncomingChat {
        IncomingChat(
            nick: "alice", account: nil, replyTarget: isPrivate ? "alice" : "#gifs", isPrivate: isPrivate,
            text: "!gif", messageID: messageID, senderIsAdmin: false, senderIsMember: true)
    }

    @Test func channelRepliesAreAddressedAndThreaded() {
        let lines = renderer.lines(for: [.text("hello")], answering: chat())
        #expect(
            lines == [IRCMessage(tags: ["+reply": "m1"], command: "PRIVMSG", parameters: ["#gifs", "alice: hello"])])
    }

    @Test func untrustedTitlesCannotInjectLines() {
        let card = GifCard(
            id: "x1", title: "evil\r\nQUIT :pwned\u{0}", url: "https://media.giphy.com/x.gif", width: nil, height: nil,
            byteSize: nil, rating: "g", pageURL: nil)
        let lines = renderer.lines(for: [.gif(card)], answering: chat()).map(IRCLineSerializer.serialize)
        #expect(lines.count == 1)
        #expect(!lines[0].contains("\r") && !lines[0].contains("\n") && !lines[0].contains("\u{0}"))
    }

    @Test func privateRepliesNeverStartWithAPrefixOrCTCPMarker() {
        let lines = renderer.lines(
            for: [.text("!op me"), .text("\u{1}VERSION\u{1}"), .text("plain")], answering: chat(private: true))
        #expect(
            lines.map { $0.parameters[1] } == ["» !op me", "VERSION", "plain"],
            "CTCP markers are control characters and are stripped")
    }

    @Test func longUnicodeRepliesAreSplitWithinTheRelayedLineLimit() {
        let title = String(repeating: "猫と犬 🐈‍⬛ ", count: 80)
        let lines = renderer.lines(for: [.text(title)], answering: chat())
        #expect(lines.count > 1)
        for line in lines {
            let relayed =
                ":gifbot!gifbot@127.0.0.1 "
                + IRCLineSerializer.serialize(IRCMessage(command: line.command, parameters: line.parameters)) + "\r\n"
            #expect(relayed.utf8.count <= 512)
            #expect(line.parameters[1].hasPrefix("alice: "))
        }
        let rejoined = lines.map { String($0.parameters[1].dropFirst("alice: ".count)) }.joined(separator: " ")
        #expect(
            rejoined.split(separator: " ") == TextSanitizer.clean(title).split(separator: " "),
            "nothing lost but the break spaces")
    }

    /// The relayed line must fit 512 bytes with CRLF.
    func relayedBytes(_ line: IRCMessage) -> Int {
        (":gifbot!gifbot@127.0.0.1 "
            + IRCLineSerializer.serialize(IRCMessage(command: line.command, parameters: line.parameters)) + "\r\n").utf8
            .count
    }

    /// A long title and a long GIPHY link: the title gives way, the link stays whole and the
    /// GIF is one line (it was two, cut inside the link after `&c`).
    @Test(arguments: [
        String(repeating: "猫", count: 80), String(repeating: "🐈‍⬛", count: 80),
        String(repeating: "Ünïcödé 🐈‍⬛ ", count: 30),
    ])
    func aLongGifLineShortensItsTitleAndKeepsItsLinkWhole(title: String) {
        let link =
            "https://media4.giphy.com/media/v1.Y2lkPTc5MGI3NjExcWZ1d3R6aWJ6b2V4c2N6d2R6a2VqcGx5d3B0eGJ6Z2Z6dSZlcD12MV9naWZzX3NlYXJjaCZjdD1n/3o7TKSjRrfIPjeiVyM/giphy.gif?cid=790b7611qfuwtzibzoexsczwdzkejplywptxbzgfzu&ep=v1_gifs_search&rid=giphy.gif&ct=g"
        let card = GifCard(
            id: "3o7TKSjRrfIPjeiVyM", title: TextSanitizer.truncate(title, to: 80), url: link,
            width: nil, height: nil, byteSize: nil, rating: "g", pageURL: nil, label: "2.")
        let lines = renderer.lines(for: [.gif(card)], answering: chat())
        #expect(lines.count == 1)
        let text = lines.first?.parameters[1] ?? ""
        #expect(text.hasPrefix("alice: 2. ") && text.hasSuffix(" (3o7TKSjRrfIPjeiVyM) " + link))
        #expect(text.contains("… (3o7TKSjRrfIPjeiVyM)"), "the title was shortened")
        #expect(lines.allSatisfy { relayedBytes($0) <= 512 })
        #expect(relayedBytes(lines[0]) > 480, "the title takes what room there is")
    }

    @Test func aGifLineIsShortenedOnlyAsFarAsNeeded() {
        let card = GifCard(
            id: "x1", title: "Dancing cat", url: "https://media.giphy.com/x.gif", width: nil, height: nil,
            byteSize: nil,
            rating: "g", pageURL: nil)
        #expect(IRCReplyRenderer.line(for: card, fitting: 100) == "Dancing cat (x1) https://media.giphy.com/x.gif")
        #expect(IRCReplyRenderer.line(for: card, fitting: 42) == "Danc… (x1) https://media.giphy.com/x.gif")
        #expect(IRCReplyRenderer.line(for: card, fitting: 38) == "… (x1) https://media.giphy.com/x.gif")
        #expect(
            IRCReplyRenderer.line(for: card, fitting: 37) == card.line,
            "no room even for an ellipsis: left to the splitter")
    }

    @Test(
        arguments: [
            ("Dancing cat in a hat", 14, "Dancing cat…"), ("Dancing cat in a hat", 100, "Dancing cat in a hat"),
            ("猫猫猫猫", 9, "猫猫…"), ("猫猫猫猫", 2, nil), ("abcdefghij", 6, "abc…"),
        ] as [(String, Int, String?)])
    func titlesAreShortenedByBytes(title: String, bytes: Int, expected: String?) {
        #expect(IRCTitleShortener.shorten(title, toBytes: bytes) == expected)
        if let shortened = IRCTitleShortener.shorten(title, toBytes: bytes) { #expect(shortened.utf8.count <= bytes) }
    }

    @Test func noticesGoToTheSenderAndUndoIsExplained() {
        let lines = renderer.lines(for: [.notice("slow down"), .undoLastGif], answering: chat())
        #expect(lines[0] == IRCMessage(command: "NOTICE", parameters: ["alice", "slow down"]))
        #expect(lines[1].parameters[1] == "alice: Messages can't be deleted on IRC once they are sent.")
    }

    @Test func withoutMessageTagsNoTagsAreSent() {
        let plain = IRCReplyRenderer(ownPrefix: nil, canTagReplies: false, caseMapping: .rfc1459)
        #expect(plain.lines(for: [.text("x")], answering: chat()).first?.tags.isEmpty == true)
    }
}

@Suite struct IRCUserDirectoryTests {
    @Test func accountsFollowPeopleAcrossNicksAndNicksCannotClaimAccounts() {
        let directory = IRCUserDirectory()
        directory.update(caseMapping: .rfc1459, knowsAccounts: true)
        #expect(directory.userID(nick: "Alice[away]", account: "Alice") == "alice")
        #expect(directory.userID(nick: "alice", account: nil) == "nick:alice")
        #expect(directory.userID(forName: "ALICE{AWAY}", network: "n") == "alice", "rfc1459 folds [] to {}")
        #expect(directory.userID(forName: "bob", network: "n") == "bob")
        directory.update(caseMapping: .ascii, knowsAccounts: false)
        #expect(directory.userID(forName: "Carol", network: "n") == "nick:carol")
    }
}

/// A GIF picked in the gallery (issue 35): said in its channel as "alice picked: …", the link
/// whole and the line within what the server relays, whatever the title.
@Suite struct IRCPickRenderingTests {
    let renderer = IRCReplyRenderer(ownPrefix: "gifbot!gifbot@127.0.0.1", canTagReplies: true, caseMapping: .rfc1459)

    @Test func aPickNamesItsPickerAndKeepsTheLinkWhole() {
        let url = "https://media.giphy.com/media/abc/giphy.gif"
        let card = GifCard(
            id: "abc", title: String(repeating: "very long title ", count: 60) + "\r\nQUIT", url: url, width: nil,
            height: nil, byteSize: nil, rating: "g", pageURL: nil, caption: "Friday")
        let lines = renderer.lines(
            for: PickedGif(card: card, conversation: "#gifs", pickerName: "alice", pickerID: "alice"))
        #expect(lines.count == 1)
        let line = lines[0]
        #expect(line.command == "PRIVMSG" && line.parameters[0] == "#gifs")
        #expect(line.parameters[1].hasPrefix("alice picked: very long title"))
        #expect(line.parameters[1].contains(url) && line.parameters[1].hasSuffix("— Friday"))
        let relayed = ":gifbot!gifbot@127.0.0.1 " + IRCLineSerializer.serialize(line) + "\r\n"
        #expect(relayed.utf8.count <= 512 && !relayed.dropLast(2).contains("\r"))
    }
}

import GifBotCore
import Testing
@testable import IRC

@Suite struct IRCReplyRendererTests {
    let renderer = IRCReplyRenderer(ownPrefix: "gifbot!gifbot@127.0.0.1", canTagReplies: true, caseMapping: .rfc1459)

    func chat(private isPrivate: Bool = false, messageID: String? = "m1") -> IncomingChat {
        IncomingChat(nick: "alice", account: nil, replyTarget: isPrivate ? "alice" : "#gifs", isPrivate: isPrivate,
                     text: "!gif", messageID: messageID, senderIsAdmin: false)
    }

    @Test func channelRepliesAreAddressedAndThreaded() {
        let lines = renderer.lines(for: [.text("hello")], answering: chat())
        #expect(lines == [IRCMessage(tags: ["+reply": "m1"], command: "PRIVMSG", parameters: ["#gifs", "alice: hello"])])
    }

    @Test func untrustedTitlesCannotInjectLines() {
        let card = GifCard(id: "x1", title: "evil\r\nQUIT :pwned\u{0}", url: "https://media.giphy.com/x.gif", width: nil, height: nil,
                           byteSize: nil, rating: "g", pageURL: nil)
        let lines = renderer.lines(for: [.gif(card)], answering: chat()).map(IRCLineSerializer.serialize)
        #expect(lines.count == 1)
        #expect(!lines[0].contains("\r") && !lines[0].contains("\n") && !lines[0].contains("\u{0}"))
    }

    @Test func privateRepliesNeverStartWithAPrefixOrCTCPMarker() {
        let lines = renderer.lines(for: [.text("!op me"), .text("\u{1}VERSION\u{1}"), .text("plain")], answering: chat(private: true))
        #expect(lines.map { $0.parameters[1] } == ["» !op me", "VERSION", "plain"], "CTCP markers are control characters and are stripped")
    }

    @Test func longUnicodeRepliesAreSplitWithinTheRelayedLineLimit() {
        let title = String(repeating: "猫と犬 🐈‍⬛ ", count: 80)
        let lines = renderer.lines(for: [.text(title)], answering: chat())
        #expect(lines.count > 1)
        for line in lines {
            let relayed = ":gifbot!gifbot@127.0.0.1 " + IRCLineSerializer.serialize(IRCMessage(command: line.command, parameters: line.parameters)) + "\r\n"
            #expect(relayed.utf8.count <= 512)
            #expect(line.parameters[1].hasPrefix("alice: "))
        }
        let rejoined = lines.map { String($0.parameters[1].dropFirst("alice: ".count)) }.joined(separator: " ")
        #expect(rejoined.split(separator: " ") == TextSanitizer.clean(title).split(separator: " "), "nothing lost but the break spaces")
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

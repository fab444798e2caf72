import Foundation
import GiphyStandIn
import IRCTestSupport
import Testing

@testable import IRC

/// Untrusted text from GIPHY on a real server: nothing injected, nothing over 512 bytes.
@Suite(.timeLimit(.minutes(3))) struct IRCSafetyTests {
    /// A search answer whose only GIF, `id`, has `title` and links to `link`.
    static func search(
        title: String, id: String = "evil123",
        link: String = "https://media.giphy.com/media/evil123/giphy-downsized.gif"
    ) -> StandInResponse {
        StandInResponse.searchPage([
            [
                "type": "gif", "id": id, "title": title, "rating": "g", "url": "https://giphy.com/gifs/\(id)",
                "images": ["downsized": ["url": link, "width": "200", "height": "100", "size": "1000"]],
            ]
        ])
    }

    /// The line as the server relayed it, without its tag section (which the 512 bytes exclude).
    static func messageBytes(_ line: TestIRCLine) -> Int {
        guard line.rawBytes.first == UInt8(ascii: "@"), let space = line.rawBytes.firstIndex(of: UInt8(ascii: " "))
        else {
            return line.rawBytes.count + 2
        }
        return line.rawBytes.count - space - 1 + 2
    }

    @Test func titlesWithLineBreaksAndNULInjectNothing() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            harness.standIn.override(
                "/v1/gifs/search", with: Self.search(title: "Evil\r\nPRIVMSG #victim :injected\u{0}\nQUIT :bye"))
            let nick = uniqueNick("gina")
            let gina = try await harness.client(port: server.ports.relaxed, nick: nick)
            harness.startBot(harness.network(port: server.ports.relaxed))
            try await gina.waitForJoin(of: harness.botNick, in: harness.channel)
            try await gina.say(harness.channel, "!gif evil")
            let reply = try await gina.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(
                reply.text
                    == "\(nick): Evil PRIVMSG #victim :injected QUIT :bye (evil123) https://media.giphy.com/media/evil123/giphy-downsized.gif"
            )
            try await gina.say(harness.channel, "!about")
            let next = try await gina.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(next.text.hasPrefix("\(nick): GifBot"))
            let fromBot = await gina.lines().filter { $0.sourceNick == harness.botNick }
            #expect(
                fromBot.allSatisfy { ["JOIN", "PRIVMSG", "MODE"].contains($0.command) },
                "no QUIT or other command slipped through")
            #expect(fromBot.filter { $0.command == "PRIVMSG" }.count == 2)
        }
    }

    @Test func aTitleStartingWithThePrefixCannotTriggerCommands() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            harness.standIn.override("/v1/gifs/search", with: Self.search(title: "!op me"))
            let nick = uniqueNick("hank")
            let hank = try await harness.client(port: server.ports.relaxed, nick: nick)
            harness.startBot(harness.network(port: server.ports.relaxed))
            try await hank.waitForJoin(of: harness.botNick, in: harness.channel)
            try await hank.say(harness.channel, "!gif op")
            #expect(
                try await hank.nextMessage(from: harness.botNick, to: harness.channel).text.hasPrefix(
                    "\(nick): !op me (evil123)"))
            try await hank.say(harness.botNick, "!gif op")
            #expect(try await hank.nextMessage(from: harness.botNick, to: nick).text.hasPrefix("» !op me (evil123)"))
        }
    }

    @Test func longUnicodeRepliesStayWithin512BytesOfValidUTF8() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let terms = (0..<10).map { index in "\(index)🐈‍⬛ " + String(repeating: "猫の動画ゲーム", count: 6) }
            let body = try JSONSerialization.data(withJSONObject: [
                "data": terms, "meta": ["status": 200, "msg": "OK", "response_id": "r"],
            ])
            harness.standIn.override("/v1/trending/searches", with: StandInResponse(body: Array(body)))
            harness.standIn.override(
                "/v1/gifs/search", with: Self.search(title: String(repeating: "Ünïcödé 🐈‍⬛ ", count: 30)))
            let nick = uniqueNick("ivy")
            let ivy = try await harness.client(port: server.ports.relaxed, nick: nick)
            harness.startBot(harness.network(port: server.ports.relaxed))
            try await ivy.waitForJoin(of: harness.botNick, in: harness.channel)
            try await ivy.say(harness.channel, "!trends")
            try await ivy.say(harness.channel, "!gif unicode")
            try await ivy.say(harness.channel, "!about")
            _ = try await ivy.waitFor {
                $0.sourceNick == harness.botNick && $0.command == "PRIVMSG" && $0.text.contains("GifBot")
            }
            let replies = await ivy.lines().filter { $0.sourceNick == harness.botNick && $0.command == "PRIVMSG" }
            #expect(replies.count >= 4, "the trends reply needed several lines")
            for reply in replies {
                #expect(Self.messageBytes(reply) <= 512)
                #expect(String(validating: reply.rawBytes, as: UTF8.self) != nil)
                #expect(reply.text.hasPrefix("\(nick): "))
            }
            let trendText = replies.dropLast(2).map { String($0.text.dropFirst(nick.count + 2)) }.joined(separator: " ")
            for index in 0..<10 { #expect(trendText.contains("\(index)🐈‍⬛"), "term \(index) arrived whole") }
        }
    }
}

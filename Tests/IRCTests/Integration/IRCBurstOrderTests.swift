import Foundation
import GiphyStandIn
import IRCTestSupport
import Testing

@testable import IRC

/// Lines from one person that overlap (a paste, a fast typist, a slow GIF source) act in the
/// order they were sent, each on the state the previous one left (issue 21's defect: `!gif` and
/// three `!more` sent together gave three "Nothing to continue yet", or the same GIF three times).
@Suite(.timeLimit(.minutes(3))) struct IRCBurstOrderTests {
    @Test func aBurstOfSearchesAndAFavoriteActsInTheOrderSentWithASlowSource() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            harness.standIn.override(
                "/v1/gifs/search",
                with: StandInResponse(
                    body: Fixtures.bytes("react_api_search_2023.json"),
                    delay: .milliseconds(600)))
            let nick = uniqueNick("burst")
            let alice = try await harness.client(port: server.ports.relaxed, nick: nick, capabilities: [])
            harness.startBot(harness.network(port: server.ports.relaxed))
            try await alice.waitForJoin(of: harness.botNick, in: harness.channel)

            for line in ["!gif cats", "!more", "!more", "!more"] { try await alice.say(harness.channel, line) }
            var ids: [String] = []
            for _ in 1...4 {
                let text = try await alice.nextMessage(from: harness.botNick, to: harness.channel).text
                ids.append(Self.gifID(in: text) ?? text)
            }
            #expect(Set(ids).count == 4, "four different GIFs, in order: \(ids)")
            #expect(Array(ids.prefix(2)) == ["l0NwGpoOVLTAyUJSo", "l396BoOTIFem9xqQU"], "\(ids)")

            // A new search and a favorite sent together: the favorite is the GIF just shown.
            for line in ["!gif dogs", "!fav"] { try await alice.say(harness.channel, line) }
            let shown = try await alice.nextMessage(from: harness.botNick, to: harness.channel).text
            let saved = try await alice.nextMessage(from: harness.botNick, to: harness.channel).text
            #expect(Self.gifID(in: shown) == "l0NwGpoOVLTAyUJSo")
            #expect(saved.contains("Saved") && saved.contains("(l0NwGpoOVLTAyUJSo)"), "\(saved)")
        }
    }

    /// The id in parentheses before a GIF line's link.
    static func gifID(in text: String) -> String? {
        guard let close = text.range(of: ") http"), let open = text[..<close.lowerBound].lastIndex(of: "(") else {
            return nil
        }
        return String(text[text.index(after: open)..<close.lowerBound])
    }
}

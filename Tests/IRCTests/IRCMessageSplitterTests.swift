import BotTestSupport
import Foundation
import IRC
import SeededRandom
import Testing

@Suite struct IRCMessageSplitterTests {
    @Test(arguments: [
        ("", 10, [String]()),
        ("short", 10, ["short"]),
        ("exactly10!", 10, ["exactly10!"]),
        ("hello world again", 12, ["hello world", "again"]),
        ("aaaaaaaaa bbbbbbbbb", 10, ["aaaaaaaaa", "bbbbbbbbb"]),
        ("ab cdefghijklmnop", 10, ["ab cdefghi", "jklmnop"]),
        ("abcdefghij klm", 10, ["abcdefghij", "klm"]),
        ("abcdefghijklmnopqrstuvwxyz", 10, ["abcdefghij", "klmnopqrst", "uvwxyz"]),
        ("a b", 1, ["a", "b"]),
        ("ééééé", 4, ["éé", "éé", "é"]),
        ("ééééé", 5, ["éé", "éé", "é"]),
    ])
    func splitsWithinTheBudget(text: String, budget: Int, pieces: [String]) {
        #expect(IRCMessageSplitter.split(text, maximumBytes: budget) == pieces)
    }

    @Test func neverSplitsAGraphemeThatFits() {
        let family = "👨‍👩‍👧"  // 18 bytes, one grapheme
        let pieces = IRCMessageSplitter.split("ab" + family + family, maximumBytes: 20)
        #expect(pieces == ["ab" + family, family])
    }

    @Test func fallsBackToScalarsForAGraphemeLargerThanTheBudget() {
        let family = "👨‍👩‍👧"  // 👨 ZWJ 👩 ZWJ 👧: 4 + 3 + 4 + 3 + 4 bytes
        let pieces = IRCMessageSplitter.split(family, maximumBytes: 8)
        #expect(pieces == ["👨\u{200D}", "👩\u{200D}", "👧"])
        #expect(pieces.joined() == family)
    }

    @Test func keepsAScalarLargerThanTheBudgetWhole() {
        #expect(IRCMessageSplitter.split("a😀b", maximumBytes: 2) == ["a", "😀", "b"])
    }

    /// A GIPHY link cut after `&c` opened nothing: a link that fits a line starts a new piece.
    @Test func aLinkIsNeverCutWhenItFitsALine() {
        let link = "https://media.giphy.com/media/abc/giphy.gif?cid=790b7611&rid=giphy.gif&ct=g"
        let text = "Cat GIF (abc) " + link
        let pieces = IRCMessageSplitter.split(text, maximumBytes: link.utf8.count + 4)
        #expect(pieces == ["Cat GIF (abc)", link])
    }

    @Test func aLinkLongerThanALineIsCutAsTheOnlyWayToSendIt() {
        let link = "https://example.com/" + String(repeating: "a", count: 40)
        let pieces = IRCMessageSplitter.split("see " + link, maximumBytes: 30)
        #expect(pieces.allSatisfy { $0.utf8.count <= 30 })
        #expect(pieces.joined(separator: " ").replacingOccurrences(of: " ", with: "") == ("see" + link))
    }

    @Test func randomTextKeepsEveryLinkThatFitsWhole() {
        var generator = SplitMix64(seed: 20261124)
        let words = [
            "cat", "GIF", "猫", "🐈‍⬛", "https://media.giphy.com/media/x/giphy.gif?cid=1&ct=g", "http://a.io/b",
            "words-without-spaces",
        ]
        for _ in 0..<1_000 {
            let text = (0..<Int.random(in: 1...30, using: &generator)).map { _ in
                words.randomElement(using: &generator)!
            }
            .joined(separator: " ")
            let budget = Int.random(in: 52...120, using: &generator)
            let pieces = IRCMessageSplitter.split(text, maximumBytes: budget)
            #expect(pieces.allSatisfy { !$0.isEmpty && $0.utf8.count <= budget })
            let linksSent = pieces.flatMap { $0.split(separator: " ") }.filter { $0.contains("://") }
            let links = text.split(separator: " ").filter { $0.contains("://") }
            #expect(linksSent == links, "budget \(budget): \(pieces)")
        }
    }

    @Test func randomTextIsSplitLosslessAndWithinBudget() {
        var generator = SplitMix64(seed: 2026)
        let words = ["gif", "cat", "é", "😀", "👨‍👩‍👧", "e\u{301}", "long-word-without-spaces", " ", "  ", "日本語"]
        for _ in 0..<1_000 {
            let text = (0..<Int.random(in: 0...40, using: &generator))
                .map { _ in words.randomElement(using: &generator)! }
                .joined(separator: Bool.random(using: &generator) ? " " : "")
            let budget = Int.random(in: 4...60, using: &generator)
            let pieces = IRCMessageSplitter.split(text, maximumBytes: budget)

            #expect(pieces.allSatisfy { !$0.isEmpty && $0.utf8.count <= budget })
            let kept = pieces.joined().unicodeScalars.filter { $0 != " " }
            let original = text.unicodeScalars.filter { $0 != " " }
            #expect(Array(kept) == Array(original), "only spaces may be dropped")
            if text.utf8.count <= budget {
                #expect(pieces == (text.isEmpty ? [] : [text]))
            }
        }
    }
}

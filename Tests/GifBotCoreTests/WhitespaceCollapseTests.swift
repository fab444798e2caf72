import Testing

@testable import GifBotCore

/// `collapseWhitespace` leaves every space a character of its own, even where a mark would take
/// it into its grapheme cluster (the command-parser fuzzer's finding).
@Suite struct WhitespaceCollapseTests {
    @Test(arguments: [
        ("a  b", "a b"), ("  a \t b  ", "a b"), ("x\u{600}  y", "x y"), ("x\u{600}\u{601} y", "x y"),
        ("x\u{D4E} y", "x y"), ("x  \u{301}y", "x y"), ("x \u{200D}\u{1F600}", "x \u{1F600}"),
        ("\u{600} y", "y"), ("x\u{600}", "x\u{600}"),
        ("caf\u{E9}  cr\u{E8}me", "caf\u{E9} cr\u{E8}me"), ("e\u{301} a", "e\u{301} a"),
        ("\u{3000}full\u{3000}\u{3000}width\u{3000}", "full width"),
    ])
    func runsBecomeOneSpaceOfItsOwn(text: String, expected: String) {
        let collapsed = TextSanitizer.collapseWhitespace(text)
        #expect(collapsed.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(collapsed.debugDescription)")
        #expect(!collapsed.unicodeScalars.contains { $0.properties.isWhitespace && $0 != " " })
        #expect(
            !collapsed.contains("  ") && collapsed.first?.isWhitespace != true && collapsed.last?.isWhitespace != true)
        // Every space is a character of its own: splitting characters and scalars agree.
        let spaces = collapsed.filter { $0 == " " }.count
        #expect(spaces == collapsed.unicodeScalars.filter { $0 == " " }.count)
    }

    @Test func theFuzzersCommandParsesToFreeTextWithSingleSpaces() {
        let line = String(
            decoding: [0x21, 0x67, 0x69, 0x66, 0x20, 0x67, 0x69, 0xD8, 0x80, 0x20, 0x20, 0x66, 0x79], as: UTF8.self)
        guard case .gif(let query, _) = CommandParser(prefix: "!").parse(line) else {
            Issue.record("not a !gif: \(CommandParser(prefix: "!").parse(line))")
            return
        }
        #expect(query == "gi fy", "\(query.debugDescription)")
    }
}

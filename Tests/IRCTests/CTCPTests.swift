import IRC
import Testing

@Suite struct CTCPTests {
    @Test(arguments: [
        ("\u{01}ACTION waves\u{01}", "ACTION", "waves"),
        ("\u{01}action waves hello\u{01}", "ACTION", "waves hello"),
        ("\u{01}VERSION\u{01}", "VERSION", ""),
        ("\u{01}PING 12345", "PING", "12345"),
        ("\u{01}ACTION  two spaces\u{01}", "ACTION", " two spaces"),
        ("\u{01}ACTION \u{301}x\u{01}", "ACTION", "\u{301}x"),
        ("\u{01}ACTION x\u{01} trailing", "ACTION", "x"),
        ("\u{01}TIME \u{01}", "TIME", ""),
    ])
    func parses(text: String, command: String, argument: String) throws {
        let parsed = try #require(CTCP.parse(text))
        #expect(parsed.command == command)
        #expect(parsed.argument == argument)
    }

    @Test(arguments: ["", "hello", "\u{01}", "\u{01}\u{01}", "\u{01} x\u{01}", "x\u{01}ACTION y\u{01}"])
    func rejectsNonCTCPText(_ text: String) {
        #expect(CTCP.parse(text) == nil)
    }

    @Test(arguments: [
        ("ACTION", "waves", "\u{01}ACTION waves\u{01}"),
        ("VERSION", "", "\u{01}VERSION\u{01}"),
        ("ACTION", "a\u{01}b\r\nc\0d", "\u{01}ACTION abcd\u{01}"),
        ("ACT\u{01}ION", "x", "\u{01}ACTION x\u{01}"),
    ])
    func encodes(command: String, argument: String, text: String) {
        #expect(CTCP.encode(command: command, argument: argument) == text)
    }

    @Test func encodeThenParseRoundTrips() throws {
        let parsed = try #require(CTCP.parse(CTCP.encode(command: "ACTION", argument: "sends a gif: cat.gif")))
        #expect(parsed.command == "ACTION")
        #expect(parsed.argument == "sends a gif: cat.gif")
    }
}

import BotTestSupport
import IRC
import SeededRandom
import Testing

struct ParseCase: Sendable, CustomTestStringConvertible {
    let line: String
    let expected: IRCMessage?
    var testDescription: String { String(reflecting: line) }
}

@Suite struct IRCMessageParserTests {
    static let wellFormed: [ParseCase] = [
        ParseCase(
            line: "PING :irc.example.net", expected: IRCMessage(command: "PING", parameters: ["irc.example.net"])),
        ParseCase(line: "ping x", expected: IRCMessage(command: "PING", parameters: ["x"])),
        ParseCase(line: "QUIT", expected: IRCMessage(command: "QUIT")),
        ParseCase(
            line: ":alice!a@host PRIVMSG #gifs :hello there",
            expected: IRCMessage(source: "alice!a@host", command: "PRIVMSG", parameters: ["#gifs", "hello there"])
        ),
        ParseCase(
            line: ":server 001 gifbot :Welcome to the network",
            expected: IRCMessage(source: "server", command: "001", parameters: ["gifbot", "Welcome to the network"])
        ),
        ParseCase(
            line: ":a PRIVMSG #c :",
            expected: IRCMessage(source: "a", command: "PRIVMSG", parameters: ["#c", ""])
        ),
        ParseCase(
            line: ":a PRIVMSG #c ::-) smile",
            expected: IRCMessage(source: "a", command: "PRIVMSG", parameters: ["#c", ":-) smile"])
        ),
        ParseCase(
            line: "  :a   PRIVMSG   #c    :two  spaces  ",
            expected: IRCMessage(source: "a", command: "PRIVMSG", parameters: ["#c", "two  spaces  "])
        ),
        ParseCase(
            line: "MODE #c +o  bob ",
            expected: IRCMessage(command: "MODE", parameters: ["#c", "+o", "bob"])
        ),
        ParseCase(
            line: "@a=1;b;c= PRIVMSG x y",
            expected: IRCMessage(tags: ["a": "1", "b": "", "c": ""], command: "PRIVMSG", parameters: ["x", "y"])
        ),
        ParseCase(
            line: "@+draft/reply=abc;;=skipped :n PRIVMSG x :y",
            expected: IRCMessage(
                tags: ["+draft/reply": "abc"], source: "n", command: "PRIVMSG", parameters: ["x", "y"])
        ),
        ParseCase(line: "PING :x\r\n", expected: IRCMessage(command: "PING", parameters: ["x"])),
        ParseCase(line: "PRIVMSG #c :a\rb", expected: IRCMessage(command: "PRIVMSG", parameters: ["#c", "a\rb"])),
        ParseCase(
            line: "PRIVMSG #c :é \u{301}x", expected: IRCMessage(command: "PRIVMSG", parameters: ["#c", "é \u{301}x"])),
        ParseCase(
            line: "PRIVMSG #c a \u{301}x",
            expected: IRCMessage(command: "PRIVMSG", parameters: ["#c", "a", "\u{301}x"])),
        ParseCase(line: "privmß x", expected: IRCMessage(command: "PRIVMß", parameters: ["x"])),
    ]

    @Test(arguments: wellFormed)
    func parsesWellFormedLines(_ testCase: ParseCase) {
        #expect(IRCMessageParser.parse(testCase.line) == testCase.expected)
    }

    @Test(arguments: [
        "", " ", "   ", "\t", "\r\n", "\n", "@a=b", "@a=b ", ":src", ":src   ", "@a=b :src", "@", ":", "@ :", ": ",
    ])
    func rejectsLinesWithoutCommand(_ line: String) {
        #expect(IRCMessageParser.parse(line) == nil)
    }

    @Test(arguments: [
        ("a\\:b", "a;b"),
        ("a\\sb", "a b"),
        ("a\\\\b", "a\\b"),
        ("a\\rb", "a\rb"),
        ("a\\nb", "a\nb"),
        ("a\\bc", "abc"),
        ("\\x\\y", "xy"),
        ("abc\\", "abc"),
        ("\\", ""),
        ("\\\\\\", "\\"),
        ("x=y", "x=y"),
        ("", ""),
    ])
    func unescapesTagValues(raw: String, value: String) {
        let message = IRCMessageParser.parse("@k=\(raw) PING")
        #expect(message?.tags == ["k": value])
    }

    @Test func repeatedTagKeepsTheLastValue() {
        #expect(IRCMessageParser.parse("@k=1;k=2;k=3 PING")?.tags == ["k": "3"])
        #expect(IRCMessageParser.parse("@k=1;k PING")?.tags == ["k": ""])
    }

    @Test func parsesARealInspIRCdPrivmsg() throws {
        let line =
            "@time=2026-11-21T10:00:00.000Z;account=alice;msgid=abc\\:def :alice!a@127.0.0.1 PRIVMSG #gifs :!gif cat"
        let message = try #require(IRCMessageParser.parse(line))
        #expect(message.tags == ["time": "2026-11-21T10:00:00.000Z", "account": "alice", "msgid": "abc;def"])
        #expect(message.source == "alice!a@127.0.0.1")
        #expect(message.sourceNick == "alice")
        #expect(message.command == "PRIVMSG")
        #expect(message.parameters == ["#gifs", "!gif cat"])
    }

    @Test func parsesAnISupportLine() throws {
        let line =
            ":irc.example.net 005 gifbot AWAYLEN=200 BOT=B CASEMAPPING=ascii CHANTYPES=# NETWORK=Example\\x20Net :are supported by this server"
        let message = try #require(IRCMessageParser.parse(line))
        #expect(message.command == "005")
        #expect(
            message.parameters == [
                "gifbot", "AWAYLEN=200", "BOT=B", "CASEMAPPING=ascii", "CHANTYPES=#",
                "NETWORK=Example\\x20Net", "are supported by this server",
            ])
    }

    @Test func keepsAtMostFifteenParameters() throws {
        let middles = (1...16).map { "p\($0)" }
        let message = try #require(IRCMessageParser.parse("CMD " + middles.joined(separator: " ") + " :last one"))
        #expect(message.parameters.count == 15)
        #expect(Array(message.parameters.prefix(14)) == Array(middles.prefix(14)))
        #expect(message.parameters[14] == "p15 p16 :last one")
    }

    @Test func fifteenthParameterWithColonIsTrailing() throws {
        let middles = (1...14).map { "p\($0)" }
        let message = try #require(IRCMessageParser.parse("CMD " + middles.joined(separator: " ") + " :a b"))
        #expect(message.parameters == middles + ["a b"])
    }

    @Test func keepsInvalidUTF8ReplacementCharacters() throws {
        let bytes: [UInt8] = Array("PRIVMSG #c :".utf8) + [0xFF, 0xFE, 0x41]
        let line = String(decoding: bytes, as: UTF8.self)
        let message = try #require(IRCMessageParser.parse(line))
        #expect(message.parameters == ["#c", "\u{FFFD}\u{FFFD}A"])
    }

    @Test func survivesRandomGarbage() {
        var generator = SplitMix64(seed: 0x1BC)
        let alphabet: [UInt8] = Array(" :@;=\\!#\r\n\0abcXYZ019".utf8) + [0xC3, 0xA9, 0xFF, 0xE2, 0x82]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...80, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? alphabet.randomElement(using: &generator)!
                    : UInt8.random(in: .min ... .max, using: &generator)
            }
            let line = String(decoding: bytes, as: UTF8.self)
            if let message = IRCMessageParser.parse(line) {
                #expect(!message.command.isEmpty)
                #expect(message.parameters.count <= 15)
            }
        }
    }

    @Test func survivesVeryLongLines() throws {
        let long = String(repeating: "x ", count: 100_000)
        let message = try #require(IRCMessageParser.parse("PRIVMSG " + long))
        #expect(message.parameters.count == 15)
        #expect(IRCMessageParser.parse("@" + String(repeating: "a=b;", count: 50_000)) == nil)
        let tagged = try #require(IRCMessageParser.parse("@k=" + String(repeating: "v\\", count: 50_000) + " PING"))
        #expect(tagged.tags == ["k": String(repeating: "v", count: 50_000)])
    }
}

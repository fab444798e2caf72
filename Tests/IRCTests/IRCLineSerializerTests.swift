import BotTestSupport
import IRC
import SeededRandom
import Testing

struct SerializeCase: Sendable, CustomTestStringConvertible {
    let message: IRCMessage
    let line: String
    var testDescription: String { String(reflecting: line) }
}

@Suite struct IRCLineSerializerTests {
    static let cases: [SerializeCase] = [
        SerializeCase(message: IRCMessage(command: "PING", parameters: ["x"]), line: "PING x"),
        SerializeCase(message: IRCMessage(command: "QUIT"), line: "QUIT"),
        SerializeCase(
            message: IRCMessage(command: "PRIVMSG", parameters: ["#gifs", "hello world"]),
            line: "PRIVMSG #gifs :hello world"
        ),
        SerializeCase(message: IRCMessage(command: "PRIVMSG", parameters: ["#c", ""]), line: "PRIVMSG #c :"),
        SerializeCase(message: IRCMessage(command: "PRIVMSG", parameters: ["#c", ":-)"]), line: "PRIVMSG #c ::-)"),
        SerializeCase(
            message: IRCMessage(source: "gifbot!g@host", command: "NOTICE", parameters: ["bob", "hi"]),
            line: ":gifbot!g@host NOTICE bob hi"
        ),
        SerializeCase(
            message: IRCMessage(tags: ["b": "x y;z\\", "a": "", "+c": "1"], command: "TAGMSG", parameters: ["#c"]),
            line: "@+c=1;a;b=x\\sy\\:z\\\\ TAGMSG #c"
        ),
        SerializeCase(
            message: IRCMessage(command: "USER", parameters: ["gifbot", "", ":x", "a b", "Gif Bot"]),
            line: "USER gifbot * _x a_b :Gif Bot"
        ),
        SerializeCase(
            message: IRCMessage(command: "PRIVMSG", parameters: ["#c", "a\r\nQUIT :bye"]),
            line: "PRIVMSG #c :aQUIT :bye"),
        SerializeCase(message: IRCMessage(command: "PRIVMSG", parameters: ["#c\r\n", "\n"]), line: "PRIVMSG #c :"),
        SerializeCase(message: IRCMessage(command: "PRIVMSG", parameters: ["\r\n", "x"]), line: "PRIVMSG * x"),
        SerializeCase(message: IRCMessage(tags: ["k": "a\r\nb\0"], command: "PING"), line: "@k=ab PING"),
        SerializeCase(message: IRCMessage(tags: ["a b;c=d": "v", "\r\n": "x"], command: "PING"), line: "@abcd=v PING"),
        SerializeCase(message: IRCMessage(source: "evil\r\nQUIT x", command: "PING"), line: ":evilQUITx PING"),
        SerializeCase(message: IRCMessage(source: "", command: "PING"), line: "PING"),
        SerializeCase(message: IRCMessage(command: "PRI\nVMSG", parameters: ["#c", "x"]), line: "PRIVMSG #c x"),
    ]

    @Test(arguments: cases)
    func serializes(_ testCase: SerializeCase) {
        #expect(IRCLineSerializer.serialize(testCase.message) == testCase.line)
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a\rb\nc\0d", "abcd"),
        ("\r\n", ""),
        ("", ""),
        ("tab\tstays", "tab\tstays"),
        ("é\r\n😀", "é😀"),
    ])
    func stripRemovesLineBreakers(input: String, output: String) {
        #expect(IRCLineSerializer.strip(input) == output)
    }

    @Test func untrustedTextNeverProducesASecondLine() {
        var generator = SplitMix64(seed: 42)
        let pieces = ["\r", "\n", "\0", " ", ":", "@", ";", "a", "QUIT", "é", "\r\n"]
        for _ in 0..<2_000 {
            func randomText() -> String {
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                    .joined()
            }
            let message = IRCMessage(
                tags: [randomText(): randomText()],
                source: randomText(),
                command: "PRIVMSG",
                parameters: [randomText(), randomText(), randomText()]
            )
            let line = IRCLineSerializer.serialize(message)
            #expect(!line.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" })
            #expect(IRCMessageParser.parse(line)?.parameters.count == 3)
        }
    }

    @Test func roundTripsMessagesBuiltFromSafeParts() throws {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<3_000 {
            let message = Self.randomSafeMessage(using: &generator)
            let line = IRCLineSerializer.serialize(message)
            let reparsed = try #require(IRCMessageParser.parse(line), "\(line)")
            #expect(reparsed == message, "\(line)")
            #expect(IRCLineSerializer.serialize(reparsed) == line)
        }
    }

    static func randomSafeMessage(using generator: inout SplitMix64) -> IRCMessage {
        let keyCharacters = Array("abcz09+/-.")
        let tokenCharacters = Array("abcXYZ09#&!@:=;\\-_.\té😀\u{301}")
        let anyCharacters = tokenCharacters + [" ", " ", ":"]
        func text(_ alphabet: [Character], _ range: ClosedRange<Int>) -> String {
            String(
                (0..<Int.random(in: range, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        func token() -> String {
            var value = text(tokenCharacters, 1...10)
            while value.hasPrefix(":") {
                value.removeFirst()
                if value.isEmpty { value = "x" }
            }
            return value
        }

        var tags: [String: String] = [:]
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            tags[text(keyCharacters, 1...6)] = text(anyCharacters, 0...12)
        }
        let source = Bool.random(using: &generator) ? token() : nil
        let commands = ["PRIVMSG", "NOTICE", "005", "JOIN", "CAP"]
        let command = commands.randomElement(using: &generator)!
        var parameters = (0..<Int.random(in: 0...14, using: &generator)).map { _ in token() }
        if Bool.random(using: &generator) {
            parameters.append(text(anyCharacters, 0...20))
        }
        return IRCMessage(tags: tags, source: source, command: command, parameters: parameters)
    }
}

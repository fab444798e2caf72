import IRC
import Testing

/// Inputs the fuzz targets in Fuzz/ found (scripts/fuzz); each broke a promise of the parser.
@Suite struct IRCFuzzRegressionTests {
    /// Fuzz/Corpus/irc-message/regression-colon-command: an empty source followed by a command
    /// starting with ':' parsed as the command ":V26RG", which the serializer then sent as a
    /// source. Lines whose command cannot be sent on as a command are not messages.
    @Test(arguments: [
        "@time=2026rg : :V26rg PRIVMSG\u{EA}\u{DB}\u{DB}\u{DB}t",
        ": :x PRIVMSG #c :hi",
        "@ @x y",
        "@ \u{0B}",
        "@a=b \t",
    ])
    func aCommandThatWouldNotReadBackIsRejected(_ line: String) {
        #expect(IRCMessageParser.parse(line) == nil)
    }

    @Test(arguments: [
        ": PRIVMSG #c :hi",
        "@a=1 :n PRIVMSG #c :x y",
        "privmß x",
        "\u{0B}X y",
    ])
    func whatParsesSerializesToALineThatParsesBackTheSame(_ line: String) throws {
        let message = try #require(IRCMessageParser.parse(line))
        #expect(IRCMessageParser.parse(IRCLineSerializer.serialize(message)) == message)
    }
}

import IRC
import Testing

/// Inputs the fuzz targets in Fuzz/ found (scripts/fuzz); each broke a promise of the parser.
@Suite struct IRCFuzzRegressionTests {
    /// Fuzz/Corpus/irc-message/regression-colon-command: an empty source followed by a command
    /// starting with ':' parsed as the command ":V26RG", which the serializer then sent as a
    /// source. Lines whose command cannot be sent on as a command are not messages.
    /// Fuzz/Corpus/irc-message/regression-nul-command: a command of NULs was sent on as no
    /// command at all, so its first parameter read back as tags (one of them holding an LF).
    @Test(arguments: [
        "@time=2026rg : :V26rg PRIVMSG\u{EA}\u{DB}\u{DB}\u{DB}t",
        ": :x PRIVMSG #c :hi",
        "@ @x y",
        "@ \u{0B}",
        "@a=b \t",
        "\0\0\0\0\0\0\0 @@e@\\:@ti=53\\n2 :mpl",
        "PRIV\0MSG #c :hi",
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

import IRC
import Testing

@Suite struct ISupportTests {
    static func isupport(_ tokens: String) -> IRCMessage {
        IRCMessageParser.parse(":irc.example.net 005 gifbot \(tokens) :are supported by this server")!
    }

    @Test func defaultsWithoutAny005() {
        let support = ISupport()
        #expect(support.values.isEmpty)
        #expect(support.caseMapping == .rfc1459)
        #expect(support.botMode == nil)
        #expect(support.networkName == nil)
        #expect(support.lineLength == 512)
        #expect(support.channelTypes == "#&")
    }

    @Test func readsARealInspIRCdLine() {
        var support = ISupport()
        support.apply(
            Self.isupport(
                "AWAYLEN=200 BOT=B CASEMAPPING=ascii CHANTYPES=# EXCEPTS LINELEN=4096 NETWORK=Example\\x20Net"))
        #expect(
            support.values == [
                "AWAYLEN": "200", "BOT": "B", "CASEMAPPING": "ascii", "CHANTYPES": "#",
                "EXCEPTS": "", "LINELEN": "4096", "NETWORK": "Example Net",
            ])
        #expect(support.caseMapping == .ascii)
        #expect(support.botMode == "B")
        #expect(support.networkName == "Example Net")
        #expect(support.lineLength == 4096)
        #expect(support.channelTypes == "#")
    }

    @Test func accumulatesAcrossLinesAndRemovesNegatedTokens() {
        var support = ISupport()
        support.apply(Self.isupport("NETWORK=One EXCEPTS"))
        support.apply(Self.isupport("CASEMAPPING=strict-rfc1459"))
        support.apply(Self.isupport("-EXCEPTS NETWORK=Two -UNKNOWN"))
        #expect(support.values == ["NETWORK": "Two", "CASEMAPPING": "strict-rfc1459"])
        #expect(support.caseMapping == .strictRFC1459)
    }

    @Test func ignoresTheNickAndTheTrailingText() {
        var support = ISupport()
        support.apply(IRCMessage(command: "005", parameters: ["BOT=X", "NETWORK=Net", "CHANTYPES=!"]))
        #expect(support.values == ["NETWORK": "Net"])
    }

    @Test func ignoresOtherCommandsAndTooFewParameters() {
        var support = ISupport()
        support.apply(IRCMessage(command: "004", parameters: ["gifbot", "NETWORK=Net", "text"]))
        support.apply(IRCMessage(command: "005", parameters: ["gifbot", "are supported"]))
        support.apply(IRCMessage(command: "005"))
        #expect(support.values.isEmpty)
    }

    @Test(arguments: [
        ("NETWORK=A\\x20B\\x3dC", "A B=C"),
        ("NETWORK=\\xC3\\xA9t\\xE9", "Ã©té"),
        ("NETWORK=\\xC3\\xA9t", "ét"),
        ("NETWORK=bad\\x2", "bad\\x2"),
        ("NETWORK=bad\\xZZ", "bad\\xZZ"),
        ("NETWORK=tail\\", "tail\\"),
        ("NETWORK=\\\\x41", "\\A"),
    ])
    func unescapesHexEscapes(token: String, value: String) {
        var support = ISupport()
        support.apply(Self.isupport(token))
        #expect(support.values["NETWORK"] == value)
    }

    @Test(arguments: [
        ("LINELEN=abc", 512),
        ("LINELEN=0", 512),
        ("LINELEN=-5", 512),
        ("LINELEN", 512),
        ("LINELEN=1024", 1024),
        ("LINELEN=9223372036854775807", 65_536),
        ("LINELEN=-9223372036854775808", 512),
    ])
    func fallsBackToTheDefaultLineLength(token: String, length: Int) {
        var support = ISupport()
        support.apply(Self.isupport(token))
        #expect(support.lineLength == length)
    }

    @Test func emptyValuesMeanAbsentOrEmpty() {
        var support = ISupport()
        support.apply(Self.isupport("BOT NETWORK= CHANTYPES= CASEMAPPING=whatever"))
        #expect(support.botMode == nil)
        #expect(support.networkName == nil)
        #expect(support.channelTypes == "")
        #expect(support.caseMapping == .rfc1459)
    }
}

@Suite struct ISupportNickLengthTests {
    @Test(
        arguments: [
            ("NICKLEN=9", 9), ("MAXNICKLEN=15", 15), ("NICKLEN=0", nil), ("NICKLEN=x", nil), ("CHANTYPES=#", nil),
            ("NICKLEN=9223372036854775807", 65_536), ("NICKLEN=-9223372036854775808", nil),
            ("NICKLEN=99999999999999999999", nil),
        ] as [(String, Int?)])
    func nickLength(token: String, expected: Int?) {
        var support = ISupport()
        support.apply(ISupportTests.isupport(token))
        #expect(support.nickLength == expected)
    }
}

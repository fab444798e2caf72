import IRC
import Testing

@Suite struct IRCLineBudgetTests {
    @Test func usesTheKnownPrefix() {
        // ":gifbot!g@h PRIVMSG #gifs :" is 27 bytes, CRLF 2.
        #expect(IRCLineBudget.textBytes(command: "PRIVMSG", target: "#gifs", ownPrefix: "gifbot!g@h") == 512 - 27 - 2)
    }

    @Test func assumesALongPrefixWhenUnknown() {
        // 105 bytes of assumed prefix plus ": PRIVMSG #gifs :" (17 bytes) and CRLF.
        #expect(IRCLineBudget.textBytes(command: "PRIVMSG", target: "#gifs", ownPrefix: nil) == 512 - 105 - 17 - 2)
    }

    @Test func countsBytesNotCharacters() {
        let ascii = IRCLineBudget.textBytes(command: "NOTICE", target: "#e", ownPrefix: "n!u@h")
        let accented = IRCLineBudget.textBytes(command: "NOTICE", target: "#é", ownPrefix: "n!u@h")
        #expect(ascii - accented == 1)
    }

    @Test func neverReturnsLessThanOne() {
        let hugeTarget = String(repeating: "#", count: 1_000)
        #expect(IRCLineBudget.textBytes(command: "PRIVMSG", target: hugeTarget, ownPrefix: nil) == 1)
    }

    @Test func aFullPieceMakesAValidRelayedLine() {
        let prefix = "gifbot!~gif@example.org"
        let budget = IRCLineBudget.textBytes(command: "PRIVMSG", target: "#gifs", ownPrefix: prefix)
        let text = "a " + String(repeating: "z", count: budget - 2)
        let relayed = IRCLineSerializer.serialize(
            IRCMessage(source: prefix, command: "PRIVMSG", parameters: ["#gifs", text])
        )
        #expect(relayed.utf8.count + 2 == 512)
    }
}

import IRC
import Testing

@Suite struct IRCMessageTests {
    @Test(arguments: [
        ("alice!a@127.0.0.1", "alice"),
        ("alice@host", "alice"),
        ("alice", "alice"),
        ("irc.example.net", "irc.example.net"),
        ("bob!~b@x!y", "bob"),
        ("!odd@x", ""),
    ])
    func sourceNickIsTheTextBeforeBangOrAt(source: String, nick: String) {
        #expect(IRCMessage(source: source, command: "PRIVMSG").sourceNick == nick)
    }

    @Test func sourceNickIsNilWithoutSource() {
        #expect(IRCMessage(command: "PING").sourceNick == nil)
    }

    @Test func initDefaultsAreEmpty() {
        let message = IRCMessage(command: "PING")
        #expect(message.tags.isEmpty)
        #expect(message.source == nil)
        #expect(message.parameters.isEmpty)
        #expect(message.command == "PING")
    }
}

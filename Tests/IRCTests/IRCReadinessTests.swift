import Testing

@testable import IRC

/// When an IRC connection counts as ready for `/readyz`: registered and in every configured
/// channel, whatever else it joined.
@Suite struct IRCReadinessTests {
    let start = ContinuousClock.now
    let configuration = IRCNetworkConfiguration(
        name: "test", host: "irc.test", useTLS: false, nick: "gifbot",
        channels: [.init(name: "#Gifs"), .init(name: "#secret", key: "k")])

    func feed(_ state: inout IRCClientState, _ line: String) {
        _ = state.receive(IRCMessageParser.parse(line)!, now: start)
    }

    @Test func readyOnlyOnceRegisteredAndInEveryConfiguredChannel() {
        var state = IRCClientState(configuration: configuration, version: "1.0", now: start)
        _ = state.start()
        #expect(state.readinessProblem == "registering")
        feed(&state, ":irc.test CAP * LS :")
        feed(&state, ":irc.test 001 gifbot :Welcome")
        feed(&state, ":irc.test 376 gifbot :End of MOTD")
        #expect(state.readinessProblem == "joined 0 of 2 channels")
        feed(&state, ":gifbot!bot@host JOIN #gifs")
        feed(&state, ":gifbot!bot@host JOIN #elsewhere")
        #expect(state.readinessProblem == "joined 1 of 2 channels", "case-folded, and an extra channel does not count")
        feed(&state, ":gifbot!bot@host JOIN #secret")
        #expect(state.readinessProblem == nil)
        feed(&state, ":op!o@host KICK #secret gifbot :bye")
        #expect(state.readinessProblem == "joined 1 of 2 channels")
        #expect(state.readinessProblem?.contains("secret") == false, "channel names and keys stay out")
    }
}

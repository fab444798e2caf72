import Logging
import Testing

@testable import IRC

/// Alternate nicks within the server's nick length: ircu and irc2 cut a long nick and refuse
/// it as the taken one, ngIRCd refuses it as erroneous; either way the bot must still register.
@Suite struct NickChoiceTests {
    let start = ContinuousClock.now

    func state(nick: String, nickLengthLimit: Int? = nil) -> IRCClientState {
        let configuration = IRCNetworkConfiguration(
            name: "test", host: "irc.test", useTLS: false, nick: nick,
            channels: [.init(name: "#gifs")])
        var state = IRCClientState(
            configuration: configuration, nickLengthLimit: nickLengthLimit, version: "1.0", now: start)
        _ = state.start()
        return state
    }

    func feed(_ state: inout IRCClientState, _ line: String, at seconds: Double = 0) -> [String] {
        sent(state.receive(IRCMessageParser.parse(line)!, now: start + .milliseconds(Int64(seconds * 1000))))
    }

    func sent(_ actions: [IRCClientAction]) -> [String] {
        actions.compactMap { if case .send(let message, _) = $0 { IRCLineSerializer.serialize(message) } else { nil } }
    }

    @Test(
        arguments: [
            ("gifbot", 0, nil, "gifbot"),
            ("gifbot", 1, nil, "gifbot_"),
            ("gifbot", 2, nil, "gifbot__"),
            ("gifbot", 3, nil, "gifbot1"),
            ("gifbot", 12, nil, "gifbot10"),
            ("gifbotgifbot", 0, 12, "gifbotgifbot"),
            ("gifbotgifbot", 1, 12, "gifbotgifbo_"),
            ("gifbotgifbot", 2, 12, "gifbotgifb__"),
            ("gifbotgifbot", 3, 12, "gifbotgifbo1"),
            ("gifbotgifbotx", 0, 12, "gifbotgifbot"),
            ("gifbot", 1, 9, "gifbot_"),
            ("gifbot", 13, 9, "gifbot11"),
        ] as [(String, Int, Int?, String)])
    func candidatesFitTheLimitAndKeepTheirSuffix(base: String, index: Int, limit: Int?, expected: String) {
        #expect(NickChoice.candidate(base, index: index, lengthLimit: limit) == expected)
    }

    @Test func everyAlternateFitsAndDiffersFromTheOthers() {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for limit in 9...16 {
            for length in 1...24 {
                let base = String((0..<length).map { letters[($0 * 7 + limit) % letters.count] })
                let candidates = (0...NickChoice.maximumAttempts).map {
                    NickChoice.candidate(base, index: $0, lengthLimit: limit)
                }
                #expect(candidates.allSatisfy { $0.count <= limit }, "limit \(limit), base \(base)")
                #expect(Set(candidates).count == candidates.count, "limit \(limit), base \(base)")
            }
        }
    }

    /// ircu: NICKLEN 12, the configured nick exactly 12 long and taken. Each alternate was cut
    /// back to the taken nick and refused again (119 NICKs in 150 s, never registered).
    @Test func aServerThatCutsNicksIsAskedForAlternatesThatFit() {
        var state = state(nick: "gifbotgifbot")
        #expect(feed(&state, ":irc.test 433 * gifbotgifbot :Nickname is already in use.") == ["NICK gifbotgifbot_"])
        // The server cut `gifbotgifbot_` to the taken nick and names that one.
        #expect(feed(&state, ":irc.test 433 * gifbotgifbot :Nickname is already in use.") == ["NICK gifbotgifbo_"])
        _ = feed(&state, ":irc.test 001 gifbotgifbo_ :Welcome")
        #expect(state.nick == "gifbotgifbo_" && state.nickLengthLimit == 12)
        #expect(
            sent(state.tick(now: start + .seconds(1))).contains("NICK gifbotgifbot"),
            "the configured nick fits and is regained")
    }

    /// ngIRCd with `MaxNickLength = 9`: a longer nick is refused with 432.
    @Test func aServerThatRefusesLongNicksIsAskedForShorterOnes() {
        var state = state(nick: "gifbotgif")
        #expect(feed(&state, ":irc.test 433 * gifbotgif :Nickname already in use") == ["NICK gifbotgif_"])
        #expect(feed(&state, ":irc.test 432 * gifbotgif_ :Nickname too long, max. 9 characters") == ["NICK gifbotgi_"])
        _ = feed(&state, ":irc.test 001 gifbotgi_ :Welcome")
        #expect(state.isRegistered && state.nickLengthLimit == 9)
    }

    @Test func aConfiguredNickTooLongForNgIRCdIsShortenedUntilItFits() {
        var state = state(nick: "gifbotgifbot")
        #expect(
            feed(&state, ":irc.test 432 * gifbotgifbot :Nickname too long, max. 9 characters") == ["NICK gifbotgifbo"])
        #expect(
            feed(&state, ":irc.test 432 * gifbotgifbo :Nickname too long, max. 9 characters") == ["NICK gifbotgifb"])
        #expect(feed(&state, ":irc.test 432 * gifbotgifb :Nickname too long, max. 9 characters") == ["NICK gifbotgif"])
        _ = feed(&state, ":irc.test 001 gifbotgif :Welcome")
        #expect(
            sent(state.tick(now: start + .seconds(1))).filter { $0.hasPrefix("NICK") }.isEmpty,
            "the shortened nick is the one it can hold")
    }

    /// ircu registers a long configured nick cut to its NICKLEN: asking for the configured
    /// one every minute would be cut to the same nick, forever.
    @Test func aNickTheServerCutIsNotAskedForAgain() {
        var state = state(nick: "gifbotgifbotx")
        _ = feed(&state, ":irc.test 001 gifbotgifbot :Welcome")
        _ = feed(&state, ":irc.test 376 gifbotgifbot :End of MOTD")
        for minute in 1...5 {
            _ = feed(&state, "PING :alive", at: Double(61 * minute) - 1)
            #expect(sent(state.tick(now: start + .seconds(61 * minute))).filter { $0.hasPrefix("NICK") }.isEmpty)
        }
        #expect(state.isRegistered)
    }

    @Test func nicklenFromISupportBoundsTheNickToRegain() {
        var state = state(nick: "gifbotgifbot")
        _ = feed(&state, ":irc.test 433 * gifbotgifbot :in use")
        _ = feed(&state, ":irc.test 001 gifbotgifbot_ :Welcome")
        _ = feed(&state, ":irc.test 005 gifbotgifbot_ NICKLEN=9 CHANTYPES=# :are supported by this server")
        #expect(state.nickLengthLimit == 9)
        #expect(sent(state.tick(now: start + .seconds(1))).contains("NICK gifbotgif"))
        #expect(feed(&state, ":gifbotgif!u@h QUIT :bye", at: 70) == ["NICK gifbotgif"], "its holder left")
    }

    @Test func theNextConnectionStartsWithTheLearnedLength() {
        var state = state(nick: "gifbotgifbot", nickLengthLimit: 9)
        #expect(state.nick == "gifbotgif")
        #expect(feed(&state, ":irc.test 433 * gifbotgif :in use") == ["NICK gifbotgi_"])
    }

    @Test func aServerThatRefusesEveryNickIsLeftAfterAFewAttempts() {
        var state = state(nick: "gifbot")
        var nicks: [String] = []
        var actions: [IRCClientAction] = []
        for _ in 0..<100 {
            actions = state.receive(IRCMessageParser.parse(":irc.test 433 * \(state.nick) :in use")!, now: start)
            guard case .send(let message, _)? = actions.first else { break }
            nicks.append(message.parameters[0])
        }
        #expect(nicks.count == NickChoice.maximumAttempts - 1)
        #expect(actions.contains(.disconnect(reason: "no nick accepted")))
        #expect(
            actions.contains { if case .log(.error, let text) = $0 { text.contains("accepted none") } else { false } })
    }
}

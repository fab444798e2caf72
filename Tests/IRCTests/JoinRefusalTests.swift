import Logging
import Testing

@testable import IRC

/// A channel that will not have the bot (full, invite-only, banned, wrong key, no such
/// channel) is logged with its reason, shown on `/readyz`, and asked again where that can help.
@Suite struct JoinRefusalTests {
    let start = ContinuousClock.now

    func registered() -> IRCClientState {
        var timing = IRCTiming()
        timing.joinRetryInitial = .seconds(10)
        timing.joinRetryMaximum = .seconds(40)
        let configuration = IRCNetworkConfiguration(
            name: "test", host: "irc.test", useTLS: false, nick: "gifbot",
            channels: [.init(name: "#gifs"), .init(name: "#secret", key: "hunter2")],
            timing: timing)
        var state = IRCClientState(configuration: configuration, version: "1.0", now: start)
        _ = state.start()
        _ = state.receive(IRCMessageParser.parse(":irc.test CAP * LS :")!, now: start)
        _ = state.receive(IRCMessageParser.parse(":irc.test 001 gifbot :Welcome")!, now: start)
        _ = state.receive(IRCMessageParser.parse(":irc.test 376 gifbot :End of MOTD")!, now: start)
        return state
    }

    func feed(_ state: inout IRCClientState, _ line: String, at seconds: Double = 0) -> [IRCClientAction] {
        state.receive(IRCMessageParser.parse(line)!, now: at(seconds))
    }

    func at(_ seconds: Double) -> ContinuousClock.Instant { start + .milliseconds(Int64(seconds * 1000)) }

    func joins(_ actions: [IRCClientAction]) -> [String] {
        actions.compactMap {
            if case .send(let message, _) = $0, message.command == "JOIN" {
                IRCLineSerializer.serialize(message)
            } else {
                nil
            }
        }
    }

    func warnings(_ actions: [IRCClientAction]) -> [String] {
        actions.compactMap { if case .log(.warning, let text) = $0 { text } else { nil } }
    }

    /// Ticks once a second from `from` to `to` (seconds) and collects the JOINs sent.
    func joinsWhileTicking(_ state: inout IRCClientState, from: Int, to: Int) -> [(second: Int, line: String)] {
        (from...to).flatMap { second in
            _ = state.receive(IRCMessageParser.parse("PING :alive")!, now: at(Double(second) - 0.5))
            return joins(state.tick(now: at(Double(second)))).map { (second, $0) }
        }
    }

    @Test func aRefusalIsLoggedWithItsReasonAndShownWithoutTheChannelName() {
        var state = registered()
        let actions = feed(&state, ":irc.test 473 gifbot #gifs :Cannot join channel (+i) -- Invited users only")
        #expect(warnings(actions).count == 1)
        let warning = warnings(actions).first ?? ""
        #expect(
            warning.hasPrefix(
                "cannot join #gifs: invite-only (473: Cannot join channel (+i) -- Invited users only); trying again in "
            ))
        #expect(state.readinessProblem == "joined 0 of 2 channels; refused: invite-only (473)")
        _ = feed(&state, ":irc.test 474 gifbot #secret :Cannot join channel (+b)")
        #expect(state.readinessProblem == "joined 0 of 2 channels; refused: banned (474), invite-only (473)")
        #expect(state.readinessProblem?.contains("#") == false)
    }

    @Test func retriesBackOffAndStopOnceJoined() {
        var state = registered()
        _ = feed(&state, ":irc.test 471 gifbot #gifs :Cannot join channel (+l)", at: 0)
        // 10 s ± 20 %: nothing before 8 s, a JOIN by 12 s.
        let first = joinsWhileTicking(&state, from: 1, to: 12)
        #expect(first.map(\.line) == ["JOIN #gifs"])
        #expect((8...12).contains(first.first?.second ?? 0))
        let refusedAgain = first.first?.second ?? 12
        _ = feed(&state, ":irc.test 471 gifbot #gifs :Cannot join channel (+l)", at: Double(refusedAgain))
        // Doubled: 20 s ± 20 %.
        let second = joinsWhileTicking(&state, from: refusedAgain + 1, to: refusedAgain + 24)
        #expect(second.map(\.line) == ["JOIN #gifs"])
        #expect(((refusedAgain + 16)...(refusedAgain + 24)).contains(second.first?.second ?? 0))
        let joined = feed(&state, ":gifbot!bot@host JOIN #gifs", at: Double(refusedAgain + 25))
        #expect(joined.contains(.log(.notice, "joined #gifs")))
        #expect(joinsWhileTicking(&state, from: refusedAgain + 26, to: refusedAgain + 120).isEmpty)
        #expect(state.readinessProblem == "joined 1 of 2 channels")
    }

    @Test func aWrongKeyIsRetriedWithTheConfiguredKeyWhichIsNeverLogged() {
        var state = registered()
        let actions = feed(&state, ":irc.test 475 gifbot #secret :Cannot join channel (+k)")
        #expect(warnings(actions).first?.hasPrefix("cannot join #secret: wrong or missing key (475") == true)
        #expect(!warnings(actions).joined().contains("hunter2"))
        #expect(joinsWhileTicking(&state, from: 1, to: 12).map(\.line) == ["JOIN #secret hunter2"])
    }

    @Test func noSuchChannelIsNotRetriedOnThisConnection() {
        var state = registered()
        let actions = feed(&state, ":irc.test 403 gifbot #gifs :No such channel")
        #expect(
            warnings(actions) == [
                "cannot join #gifs: no such channel (403: No such channel); trying again on the next connection"
            ])
        #expect(joinsWhileTicking(&state, from: 1, to: 700).isEmpty)
        #expect(state.readinessProblem == "joined 0 of 2 channels; refused: no such channel (403)")
    }

    @Test func numericsAboutChannelsTheBotIsInOrDoesNotWantAreNoJoinFailures() {
        var state = registered()
        _ = feed(&state, ":gifbot!bot@host JOIN #gifs")
        #expect(feed(&state, ":irc.test 477 gifbot #gifs :You need to be identified to speak").isEmpty)
        #expect(feed(&state, ":irc.test 403 gifbot #elsewhere :No such channel").isEmpty)
        #expect(state.readinessProblem == "joined 1 of 2 channels")
    }

    @Test func anInvitationIntoARefusedChannelIsFollowedFromAnyone() {
        var state = registered()
        _ = feed(&state, ":irc.test 473 gifbot #gifs :Cannot join channel (+i)")
        #expect(joins(feed(&state, ":chanop!o@h INVITE gifbot #gifs", at: 1)) == ["JOIN #gifs"])
        #expect(
            joins(feed(&state, ":stranger!s@h INVITE gifbot #random", at: 2)).isEmpty,
            "other invitations still need an admin")
    }
}

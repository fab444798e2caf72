import Testing

@testable import IRC

/// Who is in each channel, from NAMES, JOIN, PART, KICK, QUIT and NICK (issue 31): a line from
/// someone outside the channel is marked so, and each leave is reported for its grants to end.
@Suite struct ChannelMembershipStateTests {
    let helper = IRCClientStateTests()

    /// Registered on a server with `PREFIX` and `CASEMAPPING` as given, in #gifs with NAMES done.
    func inGifs(
        names: String = "gifbot @Alice +bob", isupport: String = "CASEMAPPING=rfc1459 PREFIX=(qaohv)~&@%+",
        caps: String = "account-tag"
    ) -> IRCClientState {
        var state = helper.registered(caps: caps)
        _ = helper.feed(&state, ":irc.test 005 gifbot \(isupport) :are supported by this server")
        _ = helper.feed(&state, ":gifbot!g@h JOIN #gifs")
        _ = helper.feed(&state, ":irc.test 353 gifbot = #gifs :\(names)")
        _ = helper.feed(&state, ":irc.test 366 gifbot #gifs :End of /NAMES list.")
        return state
    }

    func departures(_ actions: [IRCClientAction]) -> [ChannelDeparture] {
        actions.compactMap { if case .departed(let departure) = $0 { departure } else { nil } }
    }

    func isMemberChat(_ state: inout IRCClientState, _ line: String) -> Bool? {
        for action in helper.feed(&state, line) { if case .chat(let chat) = action { return chat.senderIsMember } }
        return nil
    }

    @Test func namesWithPrefixesAndMultiPrefixAreMembers() {
        var state = inGifs(names: "gifbot @+Alice ~&carol %dave +bob erin!e@host")
        for nick in ["alice", "ALICE", "Carol", "dave", "bob", "erin"] { #expect(state.isMember(nick, of: "#GIFS")) }
        #expect(!state.isMember("mallory", of: "#gifs"))
        #expect(!state.isMember("@+alice", of: "#gifs"))
        #expect(isMemberChat(&state, ":Alice!a@h PRIVMSG #gifs :!web") == true)
        #expect(isMemberChat(&state, ":mallory!m@h PRIVMSG #gifs :!web") == false, "outside, -n channel")
        #expect(isMemberChat(&state, ":mallory!m@h PRIVMSG gifbot :!web") == true, "private: no channel")
    }

    @Test func namesFollowTheServersCaseMapping() {
        var state = inGifs(names: "gifbot [Alice]", isupport: "CASEMAPPING=rfc1459")
        #expect(state.isMember("{alice}", of: "#gifs"))
        #expect(isMemberChat(&state, ":{ALICE}!a@h PRIVMSG #GiFs :!save") == true)
        var ascii = inGifs(names: "gifbot [Alice]", isupport: "CASEMAPPING=ascii")
        #expect(!ascii.isMember("{alice}", of: "#gifs"))
        #expect(isMemberChat(&ascii, ":{alice}!a@h PRIVMSG #gifs :!save") == false)
    }

    @Test func joinPartKickAndQuitChangeMembershipAndReportLeaves() {
        var state = inGifs()
        _ = helper.feed(&state, ":carol!c@h JOIN #gifs")
        #expect(state.isMember("carol", of: "#gifs"))
        #expect(
            departures(helper.feed(&state, "@account=carolacc :carol!c@h PART #gifs :bye"))
                == [ChannelDeparture(nick: "carol", account: "carolacc", channel: "#gifs", reason: .parted)])
        #expect(!state.isMember("carol", of: "#gifs"))
        #expect(departures(helper.feed(&state, ":carol!c@h PART #gifs")).isEmpty, "not a member any more")
        #expect(
            departures(helper.feed(&state, "@account=op :Alice!a@h KICK #gifs Bob :out"))
                == [ChannelDeparture(nick: "Bob", account: nil, channel: "#gifs", reason: .kicked)],
            "the kicker's account is not the kicked member's")
        #expect(!state.isMember("bob", of: "#gifs"))
        #expect(
            departures(helper.feed(&state, ":alice!a@h QUIT :gone"))
                == [ChannelDeparture(nick: "alice", account: nil, channel: "#gifs", reason: .quit)])
        #expect(state.memberCount(of: "#gifs") == 1, "the bot alone")
    }

    @Test func aQuitLeavesEveryChannelAndANetsplitEmptiesThem() {
        var state = inGifs(names: "gifbot alice " + (1...500).map { "user\($0)" }.joined(separator: " "))
        _ = helper.feed(&state, ":gifbot!g@h JOIN #secret")
        _ = helper.feed(&state, ":irc.test 353 gifbot @ #secret :gifbot alice user1")
        let quit = departures(helper.feed(&state, ":alice!a@h QUIT :bye"))
        #expect(Set(quit.map(\.channel)) == ["#gifs", "#secret"])
        var left = 0
        for number in 1...500 {
            left += departures(helper.feed(&state, ":user\(number)!u@h QUIT :*.net *.split")).count
        }
        #expect(left == 501, "500 from #gifs, user1 also from #secret")
        #expect(state.memberCount(of: "#gifs") == 1 && state.memberCount(of: "#secret") == 1)
    }

    @Test func nickChangesFollowTheMemberAndEndTheOldNicksGrants() {
        var state = inGifs()
        #expect(
            departures(helper.feed(&state, ":bob!b@h NICK :Robert"))
                == [ChannelDeparture(nick: "bob", account: nil, channel: "#gifs", reason: .renamed)])
        #expect(state.isMember("robert", of: "#gifs") && !state.isMember("bob", of: "#gifs"))
        #expect(departures(helper.feed(&state, ":Robert!b@h NICK :ROBERT")).isEmpty, "the same nick, folded")
        #expect(isMemberChat(&state, ":ROBERT!b@h PRIVMSG #gifs :!save") == true)
        _ = helper.feed(&state, ":gifbot!g@h NICK :gifbot2")
        #expect(state.nick == "gifbot2")
        _ = helper.feed(&state, ":gifbot2!g@h KICK #gifs gifbot2 :out")
        #expect(state.memberCount(of: "#gifs") == 0, "the bot's own nick change followed, then its kick")
    }

    @Test func theBotsOwnPartOrKickForgetsTheChannelsMembers() {
        var state = inGifs()
        #expect(departures(helper.feed(&state, ":gifbot!g@h PART #gifs")).isEmpty)
        #expect(state.memberCount(of: "#gifs") == 0 && !state.joinedChannels.contains("#gifs"))
        #expect(isMemberChat(&state, ":alice!a@h PRIVMSG #gifs :!web") == false)
        var kicked = inGifs()
        #expect(departures(helper.feed(&kicked, ":op!o@h KICK #gifs gifbot :out")).isEmpty)
        #expect(kicked.memberCount(of: "#gifs") == 0)
        _ = helper.feed(&kicked, ":gifbot!g@h JOIN #gifs")
        #expect(!kicked.isMember("alice", of: "#gifs"), "a new join starts from the new NAMES")
        _ = helper.feed(&kicked, ":irc.test 353 gifbot = #gifs :gifbot alice")
        #expect(kicked.isMember("alice", of: "#gifs"))
    }

    @Test func membersOfChannelsTheBotIsNotInAreNotTracked() {
        var state = inGifs()
        _ = helper.feed(&state, ":irc.test 353 gifbot = #elsewhere :alice bob")
        _ = helper.feed(&state, ":carol!c@h JOIN #elsewhere")
        #expect(state.memberCount(of: "#elsewhere") == 0)
        #expect(isMemberChat(&state, ":alice!a@h PRIVMSG #elsewhere :!web") == false)
    }

    @Test func membershipIsBoundedPerChannelAndOverall() {
        var state = inGifs(names: "gifbot")
        let names = (0..<(ChannelMembers.maximumMembers + 50)).map { "n\($0)" }
        for chunk in stride(from: 0, to: names.count, by: 400) {
            _ = helper.feed(
                &state,
                ":irc.test 353 gifbot = #gifs :" + names[chunk..<min(chunk + 400, names.count)].joined(separator: " "))
        }
        #expect(state.memberCount(of: "#gifs") == ChannelMembers.maximumMembers)
        #expect(!state.isMember("n\(ChannelMembers.maximumMembers + 10)", of: "#gifs"), "past the bound: outside")
        #expect(state.trackedMemberCount <= IRCClientState.maximumTrackedMembers)
        _ = helper.feed(&state, ":n0!u@h PART #gifs")
        _ = helper.feed(&state, ":late!u@h JOIN #gifs")
        #expect(state.isMember("late", of: "#gifs"), "room again once someone left")
    }
}

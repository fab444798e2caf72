import GifBotCore
import Testing

@testable import IRC

/// A channel's operators are its admins (issue 33): the status each member holds, from NAMES
/// (with or without multi-prefix) and MODE, kept across a nick change and never inherited by
/// whoever takes an operator's old nick.
@Suite struct ChannelAdminStateTests {
    let helper = IRCClientStateTests()

    /// Registered in #gifs as `configuration` says, with NAMES `names` done.
    func inGifs(
        names: String, isupport: String = "CASEMAPPING=rfc1459 PREFIX=(qaohv)~&@%+ CHANMODES=beI,k,l,imnpst",
        channelAdmins: ChannelAdmins = .operators, halfops: Bool = false
    ) -> IRCClientState {
        var configuration = helper.configuration()
        configuration.channelAdmins = channelAdmins
        configuration.halfopsAreAdmins = halfops
        var state = helper.registered(configuration)
        _ = helper.feed(&state, ":irc.test 005 gifbot \(isupport) :are supported by this server")
        _ = helper.feed(&state, ":gifbot!g@h JOIN #gifs")
        _ = helper.feed(&state, ":irc.test 353 gifbot = #gifs :\(names)")
        _ = helper.feed(&state, ":irc.test 366 gifbot #gifs :End of /NAMES list.")
        return state
    }

    /// What the core is told of a channel line from `nick`.
    func senderIsAdmin(_ state: inout IRCClientState, _ nick: String, in target: String = "#gifs") -> Bool? {
        for action in helper.feed(&state, ":\(nick)!u@h PRIVMSG \(target) :!rating pg") {
            if case .chat(let chat) = action { return chat.senderIsAdmin }
        }
        return nil
    }

    @Test func operatorsAndTheStatusesAboveThemAreAdminsVoicedAndPlainMembersAreNot() {
        var state = inGifs(names: "gifbot @alice ~carol &dave %erin +bob frank @+grace")
        for nick in ["alice", "Carol", "dave", "grace"] { #expect(state.isChannelAdmin(nick, of: "#GIFS"), "\(nick)") }
        for nick in ["erin", "bob", "frank", "mallory"] { #expect(!state.isChannelAdmin(nick, of: "#gifs"), "\(nick)") }
        #expect(senderIsAdmin(&state, "alice") == true)
        #expect(senderIsAdmin(&state, "bob") == false)
        #expect(senderIsAdmin(&state, "alice", in: "gifbot") == false, "an operator is no admin in private")
        var halfops = inGifs(names: "gifbot %erin +bob", halfops: true)
        #expect(halfops.isChannelAdmin("erin", of: "#gifs") && !halfops.isChannelAdmin("bob", of: "#gifs"))
        var none = inGifs(names: "gifbot @alice", channelAdmins: .none)
        #expect(!none.isChannelAdmin("alice", of: "#gifs"))
        #expect(senderIsAdmin(&none, "alice") == false)
    }

    @Test func modeGivesAndTakesStatusesMatchingParametersToModes() {
        var state = inGifs(names: "gifbot @alice bob carol")
        // A ban and a key take parameters before the status: the status still goes to carol.
        _ = helper.feed(&state, ":alice!a@h MODE #gifs +bko *!*@spam secret carol")
        #expect(state.isChannelAdmin("carol", of: "#gifs"))
        _ = helper.feed(&state, ":alice!a@h MODE #gifs -o+v carol bob")
        #expect(!state.isChannelAdmin("carol", of: "#gifs") && !state.isChannelAdmin("bob", of: "#gifs"))
        // A limit takes its parameter only when set.
        _ = helper.feed(&state, ":alice!a@h MODE #gifs -l+o bob")
        #expect(state.isChannelAdmin("bob", of: "#gifs"))
        _ = helper.feed(&state, ":alice!a@h MODE #gifs +l-o 10 bob")
        #expect(!state.isChannelAdmin("bob", of: "#gifs"))
        // A mode the server did not declare: its parameter cannot be placed, so nothing after it
        // is read, and no status lands on the wrong nick.
        _ = helper.feed(&state, ":alice!a@h MODE #gifs +Xo carol bob")
        #expect(!state.isChannelAdmin("carol", of: "#gifs") && !state.isChannelAdmin("bob", of: "#gifs"))
        // The bot's own user modes are no channel's business.
        _ = helper.feed(&state, ":gifbot MODE gifbot +i")
        #expect(state.isChannelAdmin("alice", of: "#gifs"))
    }

    @Test func aNickChangeKeepsTheStatusAndWhoeverTakesTheOldNickGainsNothing() {
        var state = inGifs(names: "gifbot @alice bob")
        _ = helper.feed(&state, ":alice!a@h NICK alice_away")
        #expect(state.isChannelAdmin("alice_away", of: "#gifs"))
        #expect(!state.isChannelAdmin("alice", of: "#gifs"))
        _ = helper.feed(&state, ":bob!b@h NICK alice")
        #expect(!state.isChannelAdmin("alice", of: "#gifs"), "bob took the operator's old nick")
        #expect(senderIsAdmin(&state, "alice") == false)
        _ = helper.feed(&state, ":alice_away!a@h PART #gifs")
        _ = helper.feed(&state, ":alice_away!a@h JOIN #gifs")
        #expect(!state.isChannelAdmin("alice_away", of: "#gifs"), "a rejoin starts without a status")
    }

    @Test func withoutPrefixInISupportTheRFCStatusesApply() {
        let state = inGifs(names: "gifbot @alice +bob", isupport: "CASEMAPPING=ascii")
        #expect(state.isChannelAdmin("alice", of: "#gifs") && !state.isChannelAdmin("bob", of: "#gifs"))
    }
}

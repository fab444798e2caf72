import Logging
import Testing

@testable import IRC

/// The connection's protocol logic, line by line, without a server.
@Suite struct IRCClientStateTests {
    let start = ContinuousClock.now

    func configuration(
        sasl: Bool = false, continueWithoutSASL: Bool = true, admins: [String] = ["root"]
    ) -> IRCNetworkConfiguration {
        IRCNetworkConfiguration(
            name: "test", host: "irc.test", useTLS: false, nick: "gifbot",
            saslUsername: sasl ? "gifbot" : nil, saslPassword: sasl ? "botpassword" : nil,
            continueWithoutSASL: continueWithoutSASL,
            channels: [.init(name: "#gifs"), .init(name: "#secret", key: "k")],
            admins: admins)
    }

    func feed(_ state: inout IRCClientState, _ line: String, at seconds: Double = 0) -> [IRCClientAction] {
        state.receive(IRCMessageParser.parse(line)!, now: start + .milliseconds(Int64(seconds * 1000)))
    }

    func sent(_ actions: [IRCClientAction]) -> [String] {
        actions.compactMap { if case .send(let message, _) = $0 { IRCLineSerializer.serialize(message) } else { nil } }
    }

    func registered(_ configuration: IRCNetworkConfiguration? = nil, caps: String = "") -> IRCClientState {
        var state = IRCClientState(configuration: configuration ?? self.configuration(), version: "1.0", now: start)
        _ = state.start()
        _ = feed(&state, ":irc.test CAP * LS :\(caps)")
        if !caps.isEmpty { _ = feed(&state, ":irc.test CAP * ACK :\(caps)") }
        _ = feed(&state, ":irc.test 001 gifbot :Welcome")
        _ = feed(&state, ":irc.test 376 gifbot :End of MOTD")
        return state
    }

    @Test func registrationOpensWithCapLS302ThenNickAndUser() {
        var state = IRCClientState(configuration: configuration(), version: "1.0", now: start)
        #expect(sent(state.start()) == ["CAP LS 302", "NICK gifbot", "USER gifbot 0 * :GifBot, a GIF bot for chat"])
    }

    @Test func multiLineCapLSIsCollectedBeforeRequesting() {
        var state = IRCClientState(configuration: configuration(sasl: true), version: "1.0", now: start)
        _ = state.start()
        #expect(sent(feed(&state, ":irc.test CAP * LS * :multi-prefix sasl=PLAIN,EXTERNAL away-notify")).isEmpty)
        let request = sent(
            feed(
                &state,
                ":irc.test CAP * LS :message-tags server-time account-tag echo-message batch labeled-response cap-notify"
            ))
        #expect(
            request == [
                "CAP REQ :account-tag batch cap-notify echo-message labeled-response message-tags multi-prefix sasl server-time"
            ])
        let afterAck = sent(
            feed(
                &state,
                ":irc.test CAP gifbot ACK :account-tag batch cap-notify echo-message labeled-response message-tags multi-prefix sasl server-time"
            ))
        #expect(afterAck == ["AUTHENTICATE PLAIN"], "no CAP END while SASL is under way")
        #expect(sent(feed(&state, "AUTHENTICATE +")) == ["AUTHENTICATE AGdpZmJvdABib3RwYXNzd29yZA=="])
        _ = feed(&state, ":irc.test 900 gifbot gifbot!gifbot@127.0.0.1 gifbot :You are now logged in as gifbot")
        #expect(sent(feed(&state, ":irc.test 903 gifbot :SASL authentication successful")) == ["CAP END"])
        #expect(state.account == "gifbot")
        #expect(state.knowsAccounts && state.canTagReplies)
    }

    @Test func serverTimeTaggedAuthenticateIsParsedNotPrefixMatched() {
        var state = IRCClientState(configuration: configuration(sasl: true), version: "1.0", now: start)
        _ = state.start()
        _ = feed(&state, ":irc.test CAP * LS :sasl server-time")
        _ = feed(&state, ":irc.test CAP * ACK :sasl server-time")
        #expect(
            sent(feed(&state, "@time=2026-11-21T10:00:00.000Z :irc.test AUTHENTICATE +")).first?.hasPrefix(
                "AUTHENTICATE ") == true)
    }

    @Test func saslFailureContinuesWithAWarningByDefault() {
        var state = IRCClientState(configuration: configuration(sasl: true), version: "1.0", now: start)
        _ = state.start()
        _ = feed(&state, ":irc.test CAP * LS :sasl=PLAIN")
        _ = feed(&state, ":irc.test CAP * ACK :sasl")
        _ = feed(&state, "AUTHENTICATE +")
        let actions = feed(&state, ":irc.test 904 gifbot :SASL authentication failed")
        #expect(sent(actions) == ["CAP END"])
        #expect(actions.contains { if case .log(.warning, let text) = $0 { text.contains("failed") } else { false } })
    }

    @Test func saslFailureDisconnectsWhenRequired() {
        var state = IRCClientState(
            configuration: configuration(sasl: true, continueWithoutSASL: false), version: "1.0", now: start)
        _ = state.start()
        _ = feed(&state, ":irc.test CAP * LS :sasl")
        _ = feed(&state, ":irc.test CAP * ACK :sasl")
        #expect(feed(&state, ":irc.test 904 gifbot :failed").contains(.disconnect(reason: "SASL failed")))
    }

    @Test func servicesThatNeverAnswerTimeOut() {
        var state = IRCClientState(configuration: configuration(sasl: true), version: "1.0", now: start)
        _ = state.start()
        _ = feed(&state, ":irc.test CAP * LS :sasl")
        _ = feed(&state, ":irc.test CAP * ACK :sasl")
        #expect(sent(state.tick(now: start + .seconds(5))).isEmpty)
        #expect(sent(state.tick(now: start + .seconds(16))) == ["AUTHENTICATE *", "CAP END"])
    }

    @Test func saslIsNotRequestedWhenTheMechanismIsNotOffered() {
        var state = IRCClientState(configuration: configuration(sasl: true), version: "1.0", now: start)
        _ = state.start()
        #expect(sent(feed(&state, ":irc.test CAP * LS :sasl=EXTERNAL multi-prefix")) == ["CAP REQ multi-prefix"])
    }

    @Test func aServerWithoutWantedCapabilitiesGetsCapEnd() {
        var state = IRCClientState(configuration: configuration(), version: "1.0", now: start)
        _ = state.start()
        #expect(sent(feed(&state, ":irc.ngircd.test CAP * LS :away-notify")) == ["CAP END"])
    }

    @Test func aRefusedRequestIsRetriedOneByOne() {
        var state = IRCClientState(configuration: configuration(), version: "1.0", now: start)
        _ = state.start()
        _ = feed(&state, ":irc.test CAP * LS :multi-prefix message-tags")
        #expect(
            sent(feed(&state, ":irc.test CAP * NAK :message-tags multi-prefix")) == [
                "CAP REQ message-tags", "CAP REQ multi-prefix",
            ])
        _ = feed(&state, ":irc.test CAP * NAK :message-tags")
        #expect(sent(feed(&state, ":irc.test CAP * ACK :multi-prefix")) == ["CAP END"])
    }

    @Test func nickInUseBeforeRegistrationTriesAlternatesAndRegainsLater() {
        var state = IRCClientState(configuration: configuration(), version: "1.0", now: start)
        _ = state.start()
        #expect(sent(feed(&state, ":irc.test 433 * gifbot :Nickname is already in use")) == ["NICK gifbot_"])
        #expect(sent(feed(&state, ":irc.test 433 * gifbot_ :Nickname is already in use")) == ["NICK gifbot__"])
        #expect(sent(feed(&state, ":irc.test 432 * gifbot__ :Erroneous")) == ["NICK gifbot1"])
        _ = feed(&state, ":irc.test 001 gifbot1 :Welcome")
        #expect(state.nick == "gifbot1")
        #expect(sent(feed(&state, ":gifbot!u@h QUIT :bye", at: 3)) == ["NICK gifbot"])
        _ = feed(&state, ":gifbot1!u@h NICK :gifbot", at: 3.5)
        #expect(state.nick == "gifbot")
        #expect(!sent(state.tick(now: start + .seconds(200))).contains("NICK gifbot"))
    }

    @Test func pingIsAnsweredAtOnceEvenDuringRegistration() {
        var state = IRCClientState(configuration: configuration(), version: "1.0", now: start)
        _ = state.start()
        let actions = feed(&state, "PING :12345")
        #expect(actions == [.send(IRCMessage(command: "PONG", parameters: ["12345"]), bypassFloodControl: true)])
    }

    @Test func silenceIsProbedAndAMissingPongEndsTheConnection() {
        var state = registered()
        #expect(sent(state.tick(now: start + .seconds(30))).isEmpty)
        #expect(sent(state.tick(now: start + .seconds(61))) == ["PING gifbot-1"])
        #expect(state.tick(now: start + .seconds(80)).isEmpty)
        #expect(state.tick(now: start + .seconds(92)) == [.disconnect(reason: "no answer to PING within 30.0 seconds")])
    }

    @Test func anAnswerKeepsTheConnection() {
        var state = registered()
        _ = state.tick(now: start + .seconds(61))
        _ = feed(&state, ":irc.test PONG irc.test :gifbot-1", at: 62)
        #expect(!state.tick(now: start + .seconds(95)).contains { if case .disconnect = $0 { true } else { false } })
    }

    @Test func registrationThatNeverEndsTimesOut() {
        var state = IRCClientState(configuration: configuration(), version: "1.0", now: start)
        _ = state.start()
        #expect(
            state.tick(now: start + .seconds(61)).contains(
                .disconnect(reason: "registration did not finish within 60.0 seconds")))
    }

    @Test func channelsAreJoinedAfterTheMOTDKeyedFirst() {
        var state = IRCClientState(configuration: configuration(), version: "1.0", now: start)
        _ = state.start()
        _ = feed(&state, ":irc.test 001 gifbot :Welcome")
        #expect(sent(feed(&state, ":irc.test 376 gifbot :End")) == ["JOIN #secret,#gifs k"])
        #expect(sent(feed(&state, ":irc.test 422 gifbot :No MOTD")).isEmpty, "only once")
    }

    /// Hundreds of channels join in a few dozen lines, each within the line limit, keys kept
    /// with their channels: the keyed ones lead the first lines, in order.
    @Test func manyChannelsJoinSeveralToALineKeyedFirst() {
        let keyed = (0..<12).map { IRCNetworkConfiguration.Channel(name: "#locked-\($0)", key: "key\($0)") }
        let open = (0..<488).map { IRCNetworkConfiguration.Channel(name: "#channel-number-\($0)", key: nil) }
        let state = IRCClientState(configuration: configuration(), version: "1.0", now: start)
        let lines = state.joinLines(for: open + keyed)
        #expect(lines.count == 50)
        var joined: [String] = [], keys: [String] = []
        for line in lines {
            #expect(line.command == "JOIN")
            let names = line.parameters[0].split(separator: ",").map(String.init)
            let lineKeys = line.parameters.count > 1 ? line.parameters[1].split(separator: ",").map(String.init) : []
            #expect(names.count <= IRCClientState.channelsPerJoin)
            #expect(line.parameters.joined(separator: " ").utf8.count <= IRCClientState.joinListBytes)
            // Each key belongs to the channel at its place.
            #expect(zip(names, lineKeys).allSatisfy { $0.hasPrefix("#locked-") && $1 == "key" + $0.dropFirst(8) })
            joined += names
            keys += lineKeys
        }
        #expect(Set(joined) == Set((open + keyed).map(\.name)) && joined.count == 500)
        #expect(joined.prefix(12).allSatisfy { $0.hasPrefix("#locked-") } && keys.count == 12)
    }

    @Test func withoutAnyMOTDChannelsAreJoinedAnyway() {
        var state = IRCClientState(configuration: configuration(), version: "1.0", now: start)
        _ = state.start()
        _ = feed(&state, ":irc.test 001 gifbot :Welcome")
        #expect(sent(state.tick(now: start + .seconds(6))) == ["JOIN #secret,#gifs k"])
    }

    @Test func botModeIsSetWhenAdvertised() {
        var state = IRCClientState(configuration: configuration(), version: "1.0", now: start)
        _ = state.start()
        _ = feed(&state, ":irc.test 001 gifbot :Welcome")
        #expect(
            sent(feed(&state, ":irc.test 005 gifbot CASEMAPPING=ascii BOT=B CHANTYPES=# :are supported by this server"))
                == ["MODE gifbot +B"])
        #expect(state.caseMapping == .ascii)
    }

    @Test func aKickIsFollowedByARejoinAfterADelay() {
        var state = registered()
        _ = feed(&state, ":op!o@h KICK #secret gifbot :out", at: 1)
        #expect(sent(state.tick(now: start + .seconds(5))).filter { $0.hasPrefix("JOIN") }.isEmpty)
        #expect(sent(state.tick(now: start + .seconds(12))).contains("JOIN #secret k"))
    }

    @Test func invitesAreFollowedOnlyFromAdmins() {
        var state = registered(caps: "account-tag message-tags")
        #expect(
            sent(feed(&state, "@account=mallory :root!r@h INVITE gifbot #new")).isEmpty,
            "the nick root is not the account root")
        #expect(sent(feed(&state, "@account=root :someone!r@h INVITE gifbot #new")) == ["JOIN #new"])
        #expect(state.wantedChannels.map(\.name).contains("#new"))
        var noAccounts = registered()
        #expect(sent(feed(&noAccounts, ":root!r@h INVITE gifbot #other")) == ["JOIN #other"])
    }

    @Test func channelAndPrivateMessagesBecomeChats() {
        var state = registered(caps: "account-tag message-tags echo-message")
        let channel = feed(&state, "@account=alice;msgid=m1 :Alice!a@h PRIVMSG #gifs :!gif cat")
        #expect(
            channel == [
                .chat(
                    IncomingChat(
                        nick: "Alice", account: "alice", replyTarget: "#gifs", isPrivate: false,
                        text: "!gif cat", messageID: "m1", senderIsAdmin: false, senderIsMember: false))
            ])
        let direct = feed(&state, "@account=root :R!r@h PRIVMSG gifbot :!favs")
        #expect(
            direct == [
                .chat(
                    IncomingChat(
                        nick: "R", account: "root", replyTarget: "R", isPrivate: true,
                        text: "!favs", messageID: nil, senderIsAdmin: true, senderIsMember: true))
            ])
    }

    @Test func ownEchoesNoticesAndCTCPActionsAreNotChats() {
        var state = registered(caps: "echo-message")
        #expect(feed(&state, ":gifbot!g@h PRIVMSG #gifs :alice: a GIF").isEmpty)
        #expect(feed(&state, ":alice!a@h NOTICE #gifs :!gif cat").isEmpty)
        #expect(feed(&state, ":alice!a@h PRIVMSG #gifs :\u{1}ACTION waves\u{1}").isEmpty)
        #expect(feed(&state, ":alice!a@h PRIVMSG gifbot :\u{1}CLIENTINFO\u{1}").isEmpty)
    }

    @Test func ctcpVersionAndPingGetANoticeButNotAFlood() {
        var state = registered()
        #expect(
            sent(feed(&state, ":alice!a@h PRIVMSG gifbot :\u{1}VERSION\u{1}", at: 10)) == [
                "NOTICE alice :\u{1}VERSION GifBot 1.0, a GIF bot for chat\u{1}"
            ])
        #expect(sent(feed(&state, ":alice!a@h PRIVMSG gifbot :\u{1}PING 123\u{1}", at: 10.5)).isEmpty)
        #expect(
            sent(feed(&state, ":alice!a@h PRIVMSG gifbot :\u{1}PING 123\u{1}", at: 13)) == [
                "NOTICE alice :\u{1}PING 123\u{1}"
            ])
    }

    @Test func errorFromTheServerEndsTheConnection() {
        var state = registered()
        #expect(
            feed(&state, "ERROR :Closing link (Excess Flood)") == [
                .disconnect(reason: "server closed the link: Closing link (Excess Flood)")
            ])
    }
}

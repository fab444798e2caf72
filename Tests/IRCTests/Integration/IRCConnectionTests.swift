import Foundation
import GiphyStandIn
import IRCTestSupport
import Testing

@testable import IRC

/// SASL, TLS and reconnection against the real servers.
@Suite(.timeLimit(.minutes(3))) struct IRCConnectionTests {
    @Test func saslLoginShowsOnTheBotsMessages() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let nick = uniqueNick("carol")
            let carol = try await harness.client(port: server.ports.relaxed, nick: nick)
            harness.startBot(harness.network(port: server.ports.relaxed, sasl: ("gifbot", "botpassword")))
            try await carol.waitForJoin(of: harness.botNick, in: harness.channel)
            try await carol.say(harness.channel, "!about")
            let reply = try await carol.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(reply.tags["account"] == "gifbot")
            #expect(harness.logs.text.contains("SASL authentication succeeded"))
            #expect(!harness.logs.text.contains("botpassword"))
        }
    }

    @Test func aFailedSASLLoginIsLoggedAndTheBotCarriesOn() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let nick = uniqueNick("dave")
            let dave = try await harness.client(port: server.ports.relaxed, nick: nick)
            harness.startBot(harness.network(port: server.ports.relaxed, sasl: ("gifbot", "wrong-password-123")))
            try await dave.waitForJoin(of: harness.botNick, in: harness.channel)
            try await dave.say(harness.channel, "!about")
            let reply = try await dave.nextMessage(from: harness.botNick, to: harness.channel)
            #expect(reply.tags["account"] == nil)
            #expect(harness.logs.text.contains("SASL login as gifbot failed"))
            #expect(!harness.logs.text.contains("wrong-password-123"))
        }
    }

    @Test func tlsWithATrustedSelfSignedCertificate() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let nick = uniqueNick("erin")
            let erin = try await harness.client(port: server.ports.relaxed, nick: nick)
            harness.startBot(harness.network(port: server.ports.tls, tls: true, caFile: server.tlsCertificatePath))
            try await erin.waitForJoin(of: harness.botNick, in: harness.channel)
            try await erin.say(harness.channel, "!gif cat")
            #expect(
                try await erin.nextMessage(from: harness.botNick, to: harness.channel).text.contains(
                    "(l0NwGpoOVLTAyUJSo)"))
        }
    }

    @Test func anUntrustedCertificateIsRefused() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let bot = harness.startBot(harness.network(port: server.ports.tls, tls: true))
            #expect(await harness.logs.waitFor("could not connect: TLS handshake failed (certificate or protocol)"))
            #expect(await harness.logs.waitFor("Disconnected; reconnecting"))
            #expect(bot.adapter.registeredConnections == 0)
        }
    }

    @Test func aRestartedServerIsRejoinedAndServedAgain() async throws {
        try await withIRCBot { harness in
            let server = try await harness.startServer(.ngircd)
            let nick = uniqueNick("frank")
            let before = try await harness.client(port: server.ports.plain, nick: nick, capabilities: [])
            let bot = harness.startBot(harness.network(port: server.ports.plain))
            try await before.waitForJoin(of: harness.botNick, in: harness.channel)
            #expect(bot.adapter.registeredConnections == 1)

            try await server.restart()
            await before.quit()
            let after = try await harness.client(port: server.ports.plain, nick: nick, capabilities: [])
            try await after.waitForJoin(of: harness.botNick, in: harness.channel, timeout: .seconds(30))
            try await after.say(harness.channel, "!gif cat")
            #expect(
                try await after.nextMessage(from: harness.botNick, to: harness.channel).text.contains(
                    "(l0NwGpoOVLTAyUJSo)"))
            #expect(bot.adapter.registeredConnections == 2)
        }
    }

    /// An adapter stopped and another started on the same core (as a supervisor restarting one
    /// network would) answers at once, with what the first one's commands left: a client that
    /// saw the first join waits for the second.
    @Test func aSecondAdapterOnTheSameCoreAnswers() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withIRCBot { harness in
            let nick = uniqueNick("gina")
            let gina = try await harness.client(port: server.ports.relaxed, nick: nick)
            let first = harness.startBot(harness.network(port: server.ports.relaxed))
            try await gina.waitForJoin(of: harness.botNick, in: harness.channel)
            try await gina.say(harness.channel, "!gif cat")
            _ = try await gina.nextMessage(from: harness.botNick, to: harness.channel)
            await first.stop()
            _ = try await gina.waitFor { $0.command == "QUIT" && $0.sourceNick == harness.botNick }
            #expect(await gina.isPresent(harness.botNick, in: harness.channel) == false)

            harness.startBot(harness.network(port: server.ports.relaxed))
            try await gina.waitForJoin(of: harness.botNick, in: harness.channel)
            try await gina.say(harness.channel, "!fav")
            #expect(
                try await gina.nextMessage(from: harness.botNick, to: harness.channel).text.hasPrefix(
                    "\(nick): Saved \"Ben Affleck"), "the core still knows the GIF the first adapter posted")
        }
    }

    @Test func shutdownDoesNotWaitOutAReconnectBackoff() async throws {
        try await withIRCBot { harness in
            var configuration = harness.network(port: 1)  // nothing listens on port 1
            configuration.timing.reconnectInitial = .seconds(120)
            configuration.timing.reconnectMaximum = .seconds(300)
            let bot = harness.startBot(configuration)
            #expect(await harness.logs.waitFor("Disconnected; reconnecting"))
            let started = ContinuousClock.now
            await bot.stop()
            // Far below the 120 s (±20 %) the bot would otherwise wait, far above what a busy
            // test process adds to a prompt stop (seconds were seen in a full run).
            let took = ContinuousClock.now - started
            #expect(took < .seconds(30), "stopping took \(took)")
        }
    }
}

import Foundation
import GiphyStandIn
import IRCTestSupport
import NIOCore
import NIOPosix
import Testing

/// How `gifbot run` ends when an operator or an orchestrator stops it.
@Suite(.timeLimit(.minutes(3))) struct ShutdownProcessTests {
    @Test func sigtermEndsRunWithinTenSecondsWithStatusZeroAndNothingLost() async throws {
        let server = try await IRCTestServer.shared(.ngircd)
        try await withConsole { harness in
            let suffix = String(UUID().uuidString.prefix(5)).lowercased()
            let channel = "#stop-\(suffix)", botNick = "gbstop\(suffix)", nick = "sam\(suffix)"
            let environment = harness.environment([
                "IRC_HOST": "127.0.0.1", "IRC_PORT": String(server.ports.plain), "IRC_TLS": "false",
                "IRC_CHANNELS": channel, "IRC_NICK": botNick,
            ])
            let client = try await TestIRCClient.connect(port: server.ports.plain, nick: nick)
            try await client.join(channel)
            let bot = try harness.launch(["run"], environment: environment)
            _ = try await client.waitFor(timeout: .seconds(20)) { $0.command == "JOIN" && $0.sourceNick == botNick }
            try await client.say(channel, "!fav C7RCCFdaixA3u")
            let saved = try await client.waitFor { $0.command == "PRIVMSG" && $0.sourceNick == botNick }
            #expect(saved.parameters.last?.contains("Saved ") == true)

            let signalled = ContinuousClock.now
            bot.signal(SIGTERM)
            let quit = try await client.waitFor(timeout: .seconds(10)) {
                $0.command == "QUIT" && $0.sourceNick == botNick
            }
            #expect(quit.parameters.first?.contains("GifBot is shutting down") == true)
            let result = await bot.finish(timeout: .seconds(10))
            // When the process ended, stamped as it ended. Read after `finish`, the time also
            // held the pipes' draining and this test's own wake-up, and came to 18.4 s once in a
            // full run with many processes on two cores.
            let ended = try #require(bot.exitedAt)
            #expect(ended - signalled < .seconds(10))
            #expect(result.status == 0)
            #expect(!result.stderr.contains("Fatal error"))

            // The same user asks the restarted bot: the favorite confirmed before SIGTERM is there.
            let restarted = try harness.launch(["run"], environment: environment)
            _ = try await client.waitFor(timeout: .seconds(20)) { $0.command == "JOIN" && $0.sourceNick == botNick }
            try await client.say(channel, "!favs")
            let listed = try await client.waitFor {
                $0.command == "PRIVMSG" && $0.sourceNick == botNick && $0.parameters.last?.contains("1. ") == true
            }
            #expect(listed.parameters.last?.contains("(C7RCCFdaixA3u)") == true)
            restarted.signal(SIGTERM)
            #expect(await restarted.finish(timeout: .seconds(10)).status == 0)
        }
    }

    @Test func aSecondSignalEndsTheProcessAtOnce() async throws {
        // A server that accepts and never answers: the bot's QUIT waits for a goodbye that never
        // comes, so its graceful shutdown takes seconds, long enough to signal again.
        let mute = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(mute.localAddress?.port)
        try await withConsole { harness in
            let bot = try harness.launch(
                ["run"],
                environment: harness.environment([
                    "IRC_HOST": "127.0.0.1", "IRC_PORT": "\(port)", "IRC_TLS": "false", "IRC_CHANNELS": "#x",
                    "LOG_LEVEL": "debug",
                ]))
            #expect(await bot.waitForErrors { $0.contains("Connecting") })
            // The second signal goes out as soon as the first is logged, from the pipe's reader
            // thread: the graceful shutdown lasts a few seconds, and a test task can be woken
            // later than that in a busy full run (seen once: status 0). It is logged by the one
            // listener that counts them, so the second cannot be merged with the first (seen
            // once while the service group logged it from a listener of its own: status 0).
            bot.signal(SIGTERM, whenErrorsContain: "Shutting down gracefully")
            bot.signal(SIGTERM)
            let result = await bot.finish(timeout: .seconds(10))
            #expect(result.status == 143, "128 + SIGTERM: ended by the second signal, not the graceful path")
            #expect(result.stderr.contains("Second signal during shutdown; exiting at once"))
            try await mute.close()
        }
    }
}

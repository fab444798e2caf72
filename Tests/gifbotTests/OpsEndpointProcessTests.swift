import Foundation
import GiphyStandIn
import IRCTestSupport
import TestServerSupport
import Testing

/// The ops endpoint of the real executable, asked over HTTP while the bot works.
@Suite(.timeLimit(.minutes(3))) struct OpsEndpointProcessTests {
    @Test func metricsMoveDuringAConsoleSession() async throws {
        try await withConsole { harness in
            let port = try #require(try await FreePorts.allocate(1).first)
            let bot = try harness.launch(
                ["console", "--user", "alice"], environment: harness.environment(["OPS_PORT": "\(port)"]))
            let url = "http://127.0.0.1:\(port)/metrics"
            let before = try #require(await OpsHTTP.waitFor(url) { $0.status == 200 })
            #expect(before.metric(#"gifbot_commands_total{command="gif",outcome="ok"}"#) == nil)
            #expect(before.metric(#"gifbot_giphy_calls_total{endpoint="search",outcome="ok",source="giphy"}"#) == nil)

            bot.write("!gif cat\n")
            #expect(await bot.waitForOutput { $0.contains("(l0NwGpoOVLTAyUJSo)") })
            // The console counts its replies once printed: the line can be read a moment before
            // the count moves (this raced, about once in a few dozen runs).
            let after = try #require(
                await OpsHTTP.waitFor(url) { $0.metric(#"gifbot_replies_total{adapter="console"}"#) == 1 })
            #expect(after.metric(#"gifbot_commands_total{command="gif",outcome="ok"}"#) == 1)
            #expect(after.metric(#"gifbot_giphy_calls_total{endpoint="search",outcome="ok",source="giphy"}"#) == 1)
            #expect(after.metric(#"gifbot_giphy_cache_misses_total{endpoint="search",source="giphy"}"#) == 1)
            #expect(after.metric(#"gifbot_replies_total{adapter="console"}"#) == 1)
            #expect(after.metric(#"gifbot_adapters_connected{kind="console"}"#) == 1)
            #expect(after.metric(#"gifbot_command_duration_seconds_count{command="gif"}"#) == 1)
            #expect(
                after.metric(#"gifbot_giphy_request_duration_seconds_count{endpoint="search",source="giphy"}"#) == 1)
            #expect(after.metric("gifbot_favorites_stored") == 0)

            bot.write("!gif cat\n!fav\n")
            #expect(await bot.waitForOutput { $0.contains("Saved ") })
            let later = try await OpsHTTP.get(url)
            #expect(later.metric(#"gifbot_commands_total{command="gif",outcome="ok"}"#) == 2)
            // The second search is answered by GIPHY or by the cache, never counted as both.
            let calls = later.metric(#"gifbot_giphy_calls_total{endpoint="search",outcome="ok",source="giphy"}"#) ?? 0
            let hits = later.metric(#"gifbot_giphy_cache_hits_total{endpoint="search",source="giphy"}"#) ?? 0
            #expect(calls + hits == 2)
            #expect(later.metric("gifbot_favorites_stored") == 1)
            #expect(!later.body.contains(GiphyStandIn.defaultAPIKey))
            #expect(!later.body.contains("alice"), "no user ids in labels")

            bot.closeInput()
            let result = await bot.finish(timeout: .seconds(20))
            #expect(result.status == 0)
        }
    }

    @Test func healthIsZeroForAReadyBotAndOneOtherwise() async throws {
        try await withConsole { harness in
            let ports = try await FreePorts.allocate(3)
            let (consolePort, runPort, closedPort) = (ports[0], ports[1], ports[2])
            let console = try harness.launch(
                ["console"], environment: harness.environment(["OPS_PORT": "\(consolePort)"]))
            _ = try #require(await OpsHTTP.waitFor("http://127.0.0.1:\(consolePort)/readyz") { $0.status == 200 })
            let ready = try await harness.run(["health"], environment: ["OPS_PORT": "\(consolePort)"])
            #expect(ready.status == 0)
            #expect(ready.stderr.isEmpty)

            // An IRC network that never answers: the bot runs, but is not ready.
            let run = try harness.launch(
                ["run"],
                environment: harness.environment([
                    "OPS_PORT": "\(runPort)", "IRC_HOST": "127.0.0.1", "IRC_PORT": "\(closedPort)", "IRC_TLS": "false",
                    "IRC_CHANNELS": "#x",
                ]))
            // After a refused connection, whose error names the server's host and port: /readyz
            // names the adapter and its state, never the server (its name defaulted to the host).
            let notReady = try #require(
                await OpsHTTP.waitFor("http://127.0.0.1:\(runPort)/readyz") { $0.body.contains("not connected") })
            #expect(notReady.status == 503)
            #expect(notReady.body == #"{"ready":false,"failing":["irc:unnamed: not connected"]}"# + "\n")
            #expect(!notReady.body.contains("127.0.0.1") && !notReady.body.contains(String(closedPort)))
            let unhealthy = try await harness.run(
                ["health", "--url", "http://127.0.0.1:\(runPort)/readyz"], environment: [:])
            #expect(unhealthy.status == 1)
            #expect(
                unhealthy.stderr.hasPrefix(
                    "gifbot: not healthy: http://127.0.0.1:\(runPort)/readyz answered 503: irc:unnamed: "))
            #expect(unhealthy.stderr.split(separator: "\n").count == 1)

            let closed = try await harness.run(["health"], environment: ["OPS_PORT": "\(closedPort)"])
            #expect(closed.status == 1)
            #expect(
                closed.stderr.hasPrefix("gifbot: not healthy: no answer from http://127.0.0.1:\(closedPort)/readyz"))
            let unset = try await harness.run(["health"], environment: [:])
            #expect(unset.status == 1)
            #expect(unset.stderr.contains("ops.port (OPS_PORT) is not set"))

            run.signal(SIGTERM)
            #expect(await run.finish(timeout: .seconds(10)).status == 0)
            console.closeInput()
            #expect(await console.finish(timeout: .seconds(10)).status == 0)
        }
    }

    @Test(arguments: [
        ["OPS_PORT": "http"], ["OPS_PORT": "70000"], ["OPS_PORT": "8080", "OPS_HOST": "a host"], ["LOG_FORMAT": "xml"],
        ["OPS_PORT": "8080", "OPS_MAX_CONNECTIONS": "0"], ["OPS_PORT": "8080", "OPS_IDLE_TIMEOUT": "0"],
    ])
    func badOpsSettingsEndWithOneLine(_ overrides: [String: String]) async throws {
        try await withConsole { harness in
            let result = try await harness.run(
                ["console"], environment: harness.environment(overrides), input: "!about\n")
            #expect(result.status == 78)
            #expect(result.stderr.hasPrefix("gifbot: configuration error: "))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }
}

import Foundation
import GiphyStandIn
import IRCTestSupport
import Testing

/// Two `gifbot run` processes configured for the same IRC network on one PostgreSQL database:
/// one serves, the other stands by and takes over when the first dies.
@Suite(.timeLimit(.minutes(3))) struct InstanceLeaseTests {
    @Test func onlyOneInstanceAnswersAndTheStandbyTakesOverWithin30sOfASIGKILL() async throws {
        let server = try await IRCTestServer.shared(.ngircd)
        try await withConsole(engine: "postgres") { harness in
            let suffix = String(UUID().uuidString.prefix(5)).lowercased()
            let channel = "#lease-\(suffix)", nick = "lia\(suffix)"
            // Different nicks only so the test can tell who answers; the lease is the network's.
            let first = "gbone\(suffix)", second = "gbtwo\(suffix)"
            func environment(_ botNick: String) -> [String: String] {
                harness.environment([
                    "IRC_HOST": "127.0.0.1", "IRC_PORT": String(server.ports.plain), "IRC_TLS": "false",
                    "IRC_CHANNELS": channel, "IRC_NICK": botNick,
                ])
            }
            let client = try await TestIRCClient.connect(port: server.ports.plain, nick: nick)
            try await client.join(channel)
            let serving = try harness.launch(["run"], environment: environment(first))
            _ = try await client.waitFor(timeout: .seconds(20)) { $0.command == "JOIN" && $0.sourceNick == first }
            let standby = try harness.launch(["run"], environment: environment(second))
            #expect(await standby.waitForErrors { $0.contains("Standing by: another instance holds the lease") })

            try await client.say(channel, "!about")
            let answer = try await client.waitFor { $0.command == "PRIVMSG" && $0.parameters.first == channel }
            #expect(answer.sourceNick == first)
            let seen = await client.lines()
            #expect(!seen.contains { $0.sourceNick == second }, "the standby never joined")

            serving.signal(SIGKILL)
            let killed = ContinuousClock.now
            _ = try await client.waitFor(timeout: .seconds(30)) { $0.command == "JOIN" && $0.sourceNick == second }
            try await client.say(channel, "!about")
            let takeover = try await client.waitFor(timeout: .seconds(30)) {
                $0.command == "PRIVMSG" && $0.parameters.first == channel && $0.sourceNick == second
            }
            let took = ContinuousClock.now - killed
            #expect(took < .seconds(30), "the standby answered \(took) after the SIGKILL")
            #expect(takeover.parameters[1].contains("Powered by GIPHY"))
            #expect(await standby.waitForErrors { $0.contains("Serving: this instance holds the lease") })

            standby.signal(SIGTERM)
            #expect(await standby.finish(timeout: .seconds(15)).status == 0)
            _ = await serving.finish(timeout: .seconds(5))
            await client.quit()
        }
    }
}

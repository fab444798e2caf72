import Foundation
import GiphyStandIn
import IRCTestSupport
import TestServerSupport
import Testing

/// What the executable writes to standard error: JSON when asked, and never a secret.
@Suite(.timeLimit(.minutes(3))) struct LogProcessTests {
    @Test func jsonLogLinesAreEachOneObjectWithTheRequiredKeys() async throws {
        try await withConsole { harness in
            let result = try await harness.run(
                ["console", "--user", "alice"],
                environment: harness.environment(["LOG_FORMAT": "json", "LOG_LEVEL": "trace"]),
                input: "!gif cat\n!gif \"quoted\" \\ back\tslash\n!fav\n!info nosuchid\n"
            )
            #expect(result.status == 0)
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count >= 3, "a trace-level session logs GIPHY calls")
            #expect(result.stderr.hasSuffix("\n"))
            for line in lines {
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                let parsed = try #require(object, "not a JSON object: \(line)")
                #expect(
                    Set(parsed.keys).isSuperset(of: ["timestamp", "level", "label", "message", "metadata"]), "\(line)")
                #expect(parsed["metadata"] is [String: Any])
                let timestamp = try #require(parsed["timestamp"] as? String)
                #expect(
                    timestamp.hasSuffix("Z") && timestamp.count == 24, "ISO 8601 UTC with milliseconds: \(timestamp)")
                #expect(
                    ["trace", "debug", "info", "notice", "warning", "error", "critical"].contains(
                        parsed["level"] as? String ?? ""))
            }
            #expect(lines.contains { $0.contains(#""message":"GIPHY call""#) })
        }
    }

    @Test func aTraceLevelRunWithEverySecretConfiguredLogsNone() async throws {
        // InspIRCd ignores a server password it does not ask for, and offers SASL, which refuses
        // the made-up password: both secrets are sent, and the bot carries on without an account.
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withConsole { harness in
            let port = try #require(try await FreePorts.allocate(1).first)
            let suffix = String(UUID().uuidString.prefix(5)).lowercased()
            let channel = "#secret-\(suffix)", botNick = "gbsec\(suffix)", nick = "kim\(suffix)"
            let secrets = [
                "GIPHY_API_KEY": GiphyStandIn.defaultAPIKey,
                "IRC_PASSWORD": "srvpass-\(UUID().uuidString)",
                "IRC_SASL_PASSWORD": "saslpass-\(UUID().uuidString)",
                "MATRIX_PASSWORD": "mxpass-\(UUID().uuidString)",
            ]
            // In the channel first, so the bot's JOIN is seen.
            let client = try await TestIRCClient.connect(port: server.ports.plain, nick: nick)
            try await client.join(channel)
            // Matrix points at a homeserver that refuses every login (the GIPHY stand-in answers
            // 404), so the password is sent, refused, and retried while everything is logged.
            let bot = try harness.launch(
                ["run"],
                environment: harness.environment(
                    secrets.merging([
                        "IRC_HOST": "127.0.0.1", "IRC_PORT": String(server.ports.plain), "IRC_TLS": "false",
                        "IRC_CHANNELS": channel, "IRC_NICK": botNick, "IRC_SASL_USERNAME": "gifbot",
                        "MATRIX_HOMESERVER": harness.standIn.baseURL, "MATRIX_USER": "@gifbot:localhost",
                        "LOG_LEVEL": "trace", "OPS_PORT": "\(port)",
                    ]) { $1 }))
            _ = try await client.waitFor(timeout: .seconds(20)) { $0.command == "JOIN" && $0.sourceNick == botNick }
            try await client.say(channel, "!gif cat")
            _ = try await client.waitFor { $0.command == "PRIVMSG" && $0.sourceNick == botNick }
            #expect(await bot.waitForErrors { $0.contains("Matrix login failed") })
            let metrics = try await OpsHTTP.get("http://127.0.0.1:\(port)/metrics")
            let readiness = try await OpsHTTP.get("http://127.0.0.1:\(port)/readyz")
            bot.signal(SIGTERM)
            let result = await bot.finish(timeout: .seconds(10))
            #expect(result.status == 0)
            #expect(
                result.stderr.contains("→ PASS"),
                "the trace log shows the lines sent, so the check below means something")
            #expect(result.stderr.contains("→ AUTHENTICATE"))
            for (name, secret) in secrets {
                #expect(!result.stderr.contains(secret), "\(name) appears in the log")
                #expect(!result.stdout.contains(secret), "\(name) appears on standard output")
                #expect(!metrics.body.contains(secret), "\(name) appears in /metrics")
                #expect(!readiness.body.contains(secret), "\(name) appears in /readyz")
            }
        }
    }
}

import Foundation
import IRCTestSupport
import TestServerSupport
import Testing

/// A configured channel that will not have the bot is no longer silently missing: `gifbot run`
/// logs the refusal with its reason, `/readyz` shows it, and the bot gets in once it may.
@Suite(.timeLimit(.minutes(3))) struct JoinRefusalProcessTests {
    @Test func anInviteOnlyChannelIsLoggedShownOnReadyzAndJoinedOnceOpened() async throws {
        let server = try await IRCTestServer.shared(.ngircd)
        try await withConsole { harness in
            let suffix = String(UUID().uuidString.prefix(5)).lowercased()
            let channel = "#closed-\(suffix)", botNick = "gbclosed\(suffix)"
            let op = try await TestIRCClient.connect(port: server.ports.plain, nick: "op\(suffix)")
            try await withCleanUp(op, cleanUp: { await $0.quit() }) { op in
                // The first to join a channel on ngIRCd is its operator.
                try await op.join(channel)
                try await op.send("MODE \(channel) +i")
                _ = try await op.waitFor { $0.command == "MODE" && $0.parameters.first == channel }

                let port = try #require(try await FreePorts.allocate(1).first)
                let bot = try harness.launch(
                    ["run"],
                    environment: harness.environment([
                        "IRC_HOST": "127.0.0.1", "IRC_PORT": String(server.ports.plain), "IRC_TLS": "false",
                        "IRC_NAME": "testnet",
                        "IRC_CHANNELS": channel, "IRC_NICK": botNick, "OPS_PORT": "\(port)",
                    ]))
                #expect(await bot.waitForErrors { $0.contains("cannot join \(channel): invite-only (473") })
                let url = "http://127.0.0.1:\(port)/readyz"
                let refused = try #require(await OpsHTTP.waitFor(url) { $0.body.contains("refused:") })
                #expect(refused.status == 503)
                #expect(refused.body.contains("joined 0 of 1 channels; refused: invite-only (473)"))
                #expect(!refused.body.contains(channel), "channel names stay out of the endpoint")

                try await op.send("MODE \(channel) -i")
                // The first retry comes 15 s (± 20 %) after the refusal.
                _ = try await op.waitFor(timeout: .seconds(60)) { $0.command == "JOIN" && $0.sourceNick == botNick }
                let ready = await OpsHTTP.waitFor(url) { $0.status == 200 }
                #expect(ready?.status == 200, "last answer: \(ready?.body ?? "none")")

                bot.signal(SIGTERM)
                #expect(await bot.finish(timeout: .seconds(10)).status == 0)
            }
        }
    }
}

import Foundation
import GiphyStandIn
import IRCTestSupport
import TestServerSupport
import Testing

/// `/readyz` follows the IRC connection of a running `gifbot run`.
@Suite(.timeLimit(.minutes(3))) struct ReadinessProcessTests {
    @Test func readyzIs503WhileTheIRCServerIsDownAnd200WhenTheBotIsBack() async throws {
        let server = try await IRCTestServer.start(.ngircd)
        try await withConsole { harness in
            let port = try #require(try await FreePorts.allocate(1).first)
            let suffix = String(UUID().uuidString.prefix(5)).lowercased()
            let bot = try harness.launch(
                ["run"],
                environment: harness.environment([
                    "IRC_HOST": "127.0.0.1", "IRC_PORT": String(server.ports.plain), "IRC_TLS": "false",
                    "IRC_NAME": "testnet",
                    "IRC_CHANNELS": "#ready-\(suffix),#also-\(suffix)", "IRC_NICK": "gbready\(suffix)",
                    "OPS_PORT": "\(port)",
                ]))
            let url = "http://127.0.0.1:\(port)/readyz"
            let ready = try #require(await OpsHTTP.waitFor(url) { $0.status == 200 })
            #expect(ready.body == "{\"ready\":true,\"failing\":[]}\n")

            try await server.stop()
            let down = try #require(await OpsHTTP.waitFor(url) { $0.status == 503 })
            #expect(down.body.hasPrefix(#"{"ready":false,"failing":["irc:testnet: "#))
            #expect(!down.body.contains("#ready-"), "channel names stay out of the endpoint")
            let metricsWhileDown = try await OpsHTTP.get("http://127.0.0.1:\(port)/metrics")
            #expect(metricsWhileDown.metric(#"gifbot_adapters_connected{kind="irc"}"#) == 0)

            try await server.restart()
            let back = await OpsHTTP.waitFor(url, timeout: .seconds(60)) { $0.status == 200 }
            #expect(back?.status == 200, "last answer: \(back?.body ?? "none")")
            let metrics = try await OpsHTTP.get("http://127.0.0.1:\(port)/metrics")
            #expect(metrics.metric(#"gifbot_adapters_connected{kind="irc"}"#) == 1)
            #expect((metrics.metric(#"gifbot_adapter_reconnects_total{kind="irc"}"#) ?? 0) >= 1)

            bot.signal(SIGTERM)
            let result = await bot.finish(timeout: .seconds(10))
            #expect(result.status == 0)
            try? await server.stop()
        }
    }
}

import Foundation
import GifBotCore
import GifSources
import Giphy
import GiphyStandIn
import Prometheus
import Testing

@testable import GifBotApp
@testable import gifbot

/// Metrics read through a registry each test makes itself, never the process-wide one.
@Suite struct MetricsTests {
    func exposition(_ registry: PrometheusCollectorRegistry) -> OpsHTTP.Answer {
        OpsHTTP.Answer(status: 200, body: registry.emitToString())
    }

    @Test func commandsAndGiphyCallsAreCountedOnceEach() async throws {
        try await withConsole { harness in
            let runtime = try await harness.runtime()
            _ = try await harness.say(
                ["!gif cat", "!gif cat", "!trends", "!fav nosuchgifid", "hello"], runtime: runtime)
            let metrics = exposition(runtime.metrics.registry)
            #expect(metrics.metric(#"gifbot_commands_total{command="gif",outcome="ok"}"#) == 2)
            #expect(metrics.metric(#"gifbot_commands_total{command="trends",outcome="ok"}"#) == 1)
            #expect(metrics.metric(#"gifbot_command_duration_seconds_count{command="gif"}"#) == 2)
            let counted = try #require(runtime.giphyClient).counter.snapshot()
            for (key, count) in counted where key.outcome != "cache_hit" {
                #expect(
                    metrics.metric(
                        #"gifbot_giphy_calls_total{endpoint="\#(key.endpoint)",outcome="\#(key.outcome)",source="giphy"}"#
                    ) == Double(count),
                    "\(key) as the call counter says")
            }
            let hits = counted.filter { $0.key.outcome == "cache_hit" }.values.reduce(0, +)
            let exportedHits = metrics.body.split(separator: "\n").filter {
                $0.hasPrefix("gifbot_giphy_cache_hits_total{")
            }
            .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }.reduce(0, +)
            #expect(exportedHits == Double(hits))
            #expect((metrics.metric(#"gifbot_giphy_cache_entries{source="giphy"}"#) ?? 0) >= 1)
            #expect(
                (metrics.metric(#"gifbot_giphy_cache_bytes{source="giphy"}"#) ?? 0) > 10_000,
                "a cached search page is counted in bytes")
        }
    }

    @Test func aConnectionIsCountedOnceHoweverOftenItIsReported() async {
        let registry = PrometheusCollectorRegistry()
        let status = AdapterStatus(kind: "irc", name: "libera", factory: PrometheusMetricsFactory(registry: registry))
        #expect(await status.readinessProblem() == "irc:libera: not connected")
        status.connecting()
        status.update(connected: true, problem: "registering")
        status.ready()
        status.ready()
        #expect(await status.readinessProblem() == nil)
        #expect(exposition(registry).metric(#"gifbot_adapters_connected{kind="irc"}"#) == 1)
        status.disconnected("not connected: the server closed the connection")
        status.disconnected("not connected: could not connect")
        #expect(exposition(registry).metric(#"gifbot_adapters_connected{kind="irc"}"#) == 0)
        status.connecting()
        #expect(exposition(registry).metric(#"gifbot_adapter_reconnects_total{kind="irc"}"#) == 1)
        #expect(!exposition(registry).body.contains("libera"), "network names stay out of labels")
    }
}

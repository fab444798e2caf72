import BenchmarkSupport
import Foundation
import GifSources
import Giphy
import HTTPTransport

/// Scenario 3: every `!gif` a new query, so every command is a cache miss that calls the
/// stand-in (its own process) over loopback HTTP. The stand-in's own time is that of a bare
/// GET of the same kind of URL, measured the same way and subtracted.
enum CacheMissScenario {
    static let rounds = 5

    static func run(_ report: Report, commands: Int) async throws {
        progress("scenario 3: cache misses over loopback HTTP")
        let standIn = try StandInProcess()
        defer { standIn.stop() }
        let bench = try await BenchBot(baseURL: standIn.baseURL)
        let transport = AsyncHTTPRequestTransport(httpClient: bench.httpClient)
        let fields = GiphyEndpoint.fields.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        func bareURL(_ index: Int) -> String {
            "\(standIn.baseURL)/v1/gifs/search?api_key=\(BenchBot.apiKey)&q=bare\(index)&limit=25&offset=0&rating=pg-13&lang=en&fields=\(fields)&bundle=messaging_non_clips"
        }
        // Warm the connection pool and the stand-in's rendered page.
        for index in 0..<20 {
            _ = try await transport.get(bareURL(index), timeout: .seconds(5))
            await bench.say("!gif warmup \(index)", user: index)
        }
        let bare = try await Measure.latencies(Array(0..<commands)) { index in
            _ = try await transport.get(bareURL(index + 100), timeout: .seconds(5))
        }
        // In rounds, reporting the median round: this VM's speed drifts by tens of percent from
        // one second to the next, and one slow second should not decide the figure.
        var latencies: [Double] = [], cpuPerCommand: [Double] = []
        for round in 0..<rounds {
            let range = Array(stride(from: round, to: commands, by: rounds))
            let cpuBefore = Measure.cpuSeconds()
            latencies += await Measure.latencies(range) { index in
                await bench.say("!gif miss \(index)", user: index % 100)
            }
            cpuPerCommand.append((Measure.cpuSeconds() - cpuBefore) / Double(range.count) * 1000)
        }
        let misses = bench.giphy.counter.calls(to: "search")
        report.add(
            "3 cache miss", "CPU per cache-miss command (median of \(rounds) rounds)", Measure.median(cpuPerCommand),
            "ms",
            target: "< 1", met: { $0 < 1 })
        report.add("3 cache miss", "CPU per cache-miss command, fastest round", cpuPerCommand.min(), "ms")
        report.add("3 cache miss", "CPU per cache-miss command, slowest round", cpuPerCommand.max(), "ms")
        report.add(
            "3 cache miss", "latency p50 above a bare GET",
            Measure.percentile(latencies, 50) - Measure.percentile(bare, 50), "ms")
        report.add(
            "3 cache miss", "latency p99 above a bare GET",
            Measure.percentile(latencies, 99) - Measure.percentile(bare, 99), "ms")
        report.add("3 cache miss", "bare GET p50 (the stand-in's own time)", Measure.percentile(bare, 50), "ms")
        report.add("3 cache miss", "search calls made", Double(misses), "calls")
        await bench.finish()
    }
}

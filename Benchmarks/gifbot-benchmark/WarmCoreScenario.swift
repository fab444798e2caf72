import BenchmarkSupport
import Foundation
import GiphyStandIn
import SeededRandom

/// Scenario 2: the core in process with a warm cache: a mix of `!gif`, `!more`, `!trending`
/// and `!favs` from many users, one command at a time (so one core), with favorites and recent
/// searches in SQLite.
enum WarmCoreScenario {
    static let queries = (0..<40).map { "warm query \($0)" }
    static let users = 500

    static func run(_ report: Report, commands: Int) async throws {
        progress("scenario 2: core in process, warm cache")
        let standIn = try await GiphyStandIn.start()
        let bench = try await BenchBot(baseURL: standIn.baseURL)
        // Warm: both pages of every query, trending, and a few favorites per user.
        for (index, query) in queries.enumerated() {
            await bench.say("!gif \(query)", user: index)
            for _ in 0..<25 { await bench.say("!more", user: index) }
        }
        await bench.say("!trending 1", user: 0)
        for user in 0..<users where user % 5 == 0 {
            await bench.say("!gif \(queries[user % queries.count])", user: user)
            await bench.say("!fav", user: user)
        }
        let callsBefore = standIn.requests.count
        var generator = SplitMix64(seed: 2)
        let mix = (0..<commands).map { _ -> (String, Int) in
            let user = Int(generator.next() % UInt64(users))
            switch generator.next() % 100 {
            case 0..<40: return ("!gif \(queries[Int(generator.next() % UInt64(queries.count))])", user)
            case 40..<70: return ("!more", user)
            case 70..<85: return ("!trending 1", user)
            default: return ("!favs", user)
            }
        }
        let cpuBefore = Measure.cpuSeconds()
        let started = ContinuousClock.now
        let latencies = await Measure.latencies(mix) { command, user in await bench.say(command, user: user) }
        let elapsed = (ContinuousClock.now - started).inSeconds
        let cpu = Measure.cpuSeconds() - cpuBefore
        report.add(
            "2 warm core", "commands per second (one at a time)", Double(commands) / elapsed, "cmd/s",
            target: ">= 20000", met: { $0 >= 20_000 })
        report.add("2 warm core", "latency p50", Measure.percentile(latencies, 50), "ms")
        report.add(
            "2 warm core", "latency p99", Measure.percentile(latencies, 99), "ms", target: "< 1", met: { $0 < 1 })
        report.add("2 warm core", "CPU per command", cpu / Double(commands) * 1000, "ms")
        report.add("2 warm core", "GIPHY calls during the mix", Double(standIn.requests.count - callsBefore), "calls")
        await bench.finish()
        try await standIn.stop()
    }
}

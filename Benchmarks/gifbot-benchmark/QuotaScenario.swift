import BenchmarkSupport
import Foundation
import GiphyStandIn
import SeededRandom

/// Scenario 5: GIPHY calls per GIF served on a realistic mix, counted at the stand-in: queries
/// drawn from 200 terms by a Zipf(1.1) law, 30% `!more`, 10% `!trending`, from 30 users over ten
/// simulated minutes at one command a second. Time is compressed (the cache's time to live
/// with it), so the ten minutes take `secondsPerMinute` each.
enum QuotaScenario {
    static let terms = 200
    static let exponent = 1.1
    static let commandsPerMinute = 60
    static let minutes = 10

    static func run(_ report: Report, secondsPerMinute: Double) async throws {
        progress("scenario 5: quota (\(minutes) simulated minutes)")
        let standIn = try await GiphyStandIn.start()
        let scale = secondsPerMinute / 60
        let bench = try await BenchBot(baseURL: standIn.baseURL, cacheTimeToLive: .milliseconds(Int(300_000 * scale)))
        var generator = SplitMix64(seed: 5)
        let zipf = ZipfSampler(count: terms, exponent: exponent)
        var served = 0
        let started = ContinuousClock.now
        for index in 0..<(commandsPerMinute * minutes) {
            // Keep to the simulated clock: command `index` happens at second `index`.
            let due = started + .milliseconds(Int(Double(index) * 1000 * scale))
            if due > .now { try await Task.sleep(until: due, clock: .continuous) }
            let user = Int(generator.next() % 30)
            let roll = generator.unit()
            let command = roll < 0.3 ? "!more" : roll < 0.4 ? "!trending 1" : "!gif term \(zipf.sample(&generator))"
            served += await bench.say(command, user: user).gifCount
        }
        let requests = standIn.requests.filter { $0.path.hasPrefix("/v1/") }
        let calls = requests.count
        let firstPages = requests.filter { $0.path == "/v1/gifs/search" && $0.query["offset"] == "0" }.count
        let laterPages = requests.filter { $0.path == "/v1/gifs/search" && $0.query["offset"] != "0" }.count
        progress(
            "  calls: \(firstPages) first search pages, \(laterPages) later pages, \(calls - firstPages - laterPages) other"
        )
        report.add(
            "5 quota", "GIPHY calls per GIF served", Double(calls) / Double(max(served, 1)), "calls/GIF",
            target: "<= 0.3", met: { $0 <= 0.3 })
        report.add("5 quota", "GIFs served in \(minutes) simulated minutes", Double(served), "GIFs")
        await bench.finish()
        try await standIn.stop()
    }
}

/// Draws 1...count with probability proportional to 1/k^exponent.
struct ZipfSampler {
    private let cumulative: [Double]

    init(count: Int, exponent: Double) {
        var total = 0.0
        cumulative = (1...count).map { rank in
            total += 1 / pow(Double(rank), exponent)
            return total
        }
    }

    func sample(_ generator: inout SplitMix64) -> Int {
        let target = generator.unit() * (cumulative.last ?? 1)
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low + 1
    }
}

import BenchmarkSupport
import Foundation
import GifBotCore
import GiphyStandIn
import Storage

/// Scenario 6: durable favorites added per second on SQLite (each committed with FULL sync
/// before the call returns), and `!favs` latency for a user with 20 favorites.
enum StorageScenario {
    static func run(_ report: Report, favorites: Int) async throws {
        progress("scenario 6: storage")
        let standIn = try await GiphyStandIn.start()
        let bench = try await BenchBot(baseURL: standIn.baseURL)
        let started = ContinuousClock.now
        for index in 0..<favorites {
            let favorite = Favorite(
                gifID: "gif\(index)", title: "a GIF", url: "https://media.giphy.com/media/gif\(index)/giphy.gif",
                rating: "g", addedAt: Date())
            _ = try await bench.store.addFavorite(
                favorite, for: UserKey(network: "bench", userID: "adder\(index % 50)"), limit: 1000)
        }
        report.add(
            "6 storage", "durable favorites added per second",
            Double(favorites) / (ContinuousClock.now - started).inSeconds, "fav/s",
            target: ">= 1000", met: { $0 >= 1000 })
        for index in 0..<20 {
            let favorite = Favorite(
                gifID: "fav\(index)", title: "favorite \(index)",
                url: "https://media.giphy.com/media/fav\(index)/giphy.gif",
                rating: "g", addedAt: Date())
            _ = try await bench.store.addFavorite(favorite, for: UserKey(network: "bench", userID: "user1"), limit: 20)
        }
        let latencies = await Measure.latencies(Array(0..<max(50, favorites / 4))) { _ in
            await bench.say("!favs", user: 1)
        }
        report.add("6 storage", "!favs latency p50 (20 favorites)", Measure.percentile(latencies, 50), "ms")
        report.add("6 storage", "!favs latency p99 (20 favorites)", Measure.percentile(latencies, 99), "ms")
        await bench.finish()
        try await standIn.stop()
    }
}

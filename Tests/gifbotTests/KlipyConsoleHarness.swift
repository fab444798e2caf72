import GiphyStandIn
import KlipyStandIn
@testable import gifbot

/// The console harness with a KLIPY stand-in beside the GIPHY one, and `gifs.sources` set.
final class KlipyConsoleHarness: Sendable {
    let console: ConsoleHarness
    let klipy: KlipyStandIn
    let sources: String

    /// - Parameter sources: `gifs.sources`, e.g. "klipy" or "giphy,klipy".
    init(sources: String) async throws {
        console = try await ConsoleHarness()
        klipy = try await KlipyStandIn.start()
        self.sources = sources
    }

    var giphy: GiphyStandIn { console.standIn }
    var logs: LogCapture { console.logs }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ["GIFS_SOURCES": sources, "KLIPY_APP_KEY": klipy.appKey, "KLIPY_BASE_URL": klipy.baseURL]
        environment.merge(extra) { $1 }
        return environment
    }

    func say(_ lines: [String], as user: String = "alice", environment extra: [String: String] = [:]) async throws -> [String] {
        try await console.say(lines, as: user, environment: environment(extra))
    }

    func runtime(_ extra: [String: String] = [:]) async throws -> BotRuntime {
        try await console.runtime(environment(extra))
    }

    func say(_ lines: [String], as user: String = "alice", runtime: BotRuntime) async throws -> [String] {
        try await console.say(lines, as: user, runtime: runtime)
    }

    func finish() async {
        try? await klipy.stop()
        await console.finish()
    }
}

import GiphyStandIn
import KlipyStandIn

@testable import GifBotApp
@testable import gifbot

/// The console harness with a KLIPY stand-in beside the GIPHY one, and `gifs.sources` set.
final class KlipyConsoleHarness: Sendable {
    let console: ConsoleHarness
    let klipy: KlipyStandIn
    let sources: String

    fileprivate init(console: ConsoleHarness, klipy: KlipyStandIn, sources: String) {
        self.console = console
        self.klipy = klipy
        self.sources = sources
    }

    var giphy: GiphyStandIn { console.standIn }
    var logs: LogCapture { console.logs }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ["GIFS_SOURCES": sources, "KLIPY_APP_KEY": klipy.appKey, "KLIPY_BASE_URL": klipy.baseURL]
        environment.merge(extra) { $1 }
        return environment
    }

    func say(
        _ lines: [String], as user: String = "alice", environment extra: [String: String] = [:]
    ) async throws -> [String] {
        try await console.say(lines, as: user, environment: environment(extra))
    }

    func runtime(_ extra: [String: String] = [:]) async throws -> BotRuntime {
        try await console.runtime(environment(extra))
    }

    func say(_ lines: [String], as user: String = "alice", runtime: BotRuntime) async throws -> [String] {
        try await console.say(lines, as: user, runtime: runtime)
    }
}

/// Runs `body` with a console harness whose bot uses `sources` (`gifs.sources`, e.g. "klipy" or
/// "giphy,klipy") and a KLIPY stand-in, and cleans both up after it, however it ended.
func withKlipyConsole<Result>(
    sources: String, _ body: (KlipyConsoleHarness) async throws -> Result
) async throws -> Result {
    try await withConsole { console in
        let klipy = try await KlipyStandIn.start()
        do {
            let result = try await body(KlipyConsoleHarness(console: console, klipy: klipy, sources: sources))
            try? await klipy.stop()
            return result
        } catch {
            try? await klipy.stop()
            throw error
        }
    }
}

import Foundation
import GiphyStandIn
import Logging
@testable import GifBotCore
@testable import gifbot

/// A real bot (real GIPHY client over HTTP to the stand-in, real SQLite file) driven through the
/// console adapter, as `gifbot console` drives it.
final class ConsoleHarness: Sendable {
    let standIn: GiphyStandIn
    let directory: URL
    let logs = LogCapture()

    init(standIn: GiphyStandIn? = nil) async throws {
        if let standIn {
            self.standIn = standIn
        } else {
            self.standIn = try await GiphyStandIn.start()
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-console-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    var databasePath: String { directory.appendingPathComponent("bot.sqlite").path }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "GIPHY_API_KEY": GiphyStandIn.defaultAPIKey,
            "GIPHY_BASE_URL": standIn.baseURL,
            "DATABASE_URL": databasePath,
            "BOT_COOLDOWN_COMMANDS": "0",
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    func runtime(_ extra: [String: String] = [:]) async throws -> BotRuntime {
        let sources = try await ConfigurationSources.load(options: [:], environment: environment(extra), configFile: nil)
        let configuration = try AppConfiguration.load(from: sources)
        return try await BotRuntime.start(configuration, logger: logs.logger(level: .debug))
    }

    /// Says each line as `user` in `channel` through a fresh runtime, returning the printed lines.
    func say(_ lines: [String], as user: String = "alice", in channel: String = "#test",
             environment extra: [String: String] = [:]) async throws -> [String] {
        let runtime = try await runtime(extra)
        let output = try await say(lines, as: user, in: channel, runtime: runtime)
        await runtime.shutdown()
        return output
    }

    func say(_ lines: [String], as user: String = "alice", in channel: String = "#test", runtime: BotRuntime) async throws -> [String] {
        let adapter = ConsoleAdapter(bot: runtime.bot, userName: user, channel: channel, admins: runtime.configuration.admins)
        let printed = Printed()
        await adapter.run(lines: AsyncStream { continuation in
            for line in lines { continuation.yield(line) }
            continuation.finish()
        }) { printed.append($0) }
        return printed.lines
    }

    func finish() async {
        try? await standIn.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

import Synchronization

/// Lines the console printed.
final class Printed: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}

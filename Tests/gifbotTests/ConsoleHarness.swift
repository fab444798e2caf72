import Foundation
import GiphyStandIn
import Logging
import PostgresTestSupport
import Synchronization
import TestServerSupport

@testable import GifBotApp
@testable import GifBotCore
@testable import gifbot

/// A real bot (real GIPHY client over HTTP to the stand-in, real database) driven through the
/// console adapter, as `gifbot console` drives it.
///
/// The database is a SQLite file, or with `GIFBOT_TEST_DATABASE=postgres` (as scripts/test runs
/// the console suites a second time) a fresh database on the throwaway PostgreSQL cluster.
final class ConsoleHarness: Sendable {
    let standIn: GiphyStandIn
    let directory: URL
    let logs = LogCapture()
    /// What `withConsole` ends after the test, however the test ended.
    private let runtimes = Mutex<[BotRuntime]>([])
    private let processes = Mutex<[GifbotProcess]>([])
    /// `DATABASE_URL` of this harness's bot.
    let databaseURL: String

    /// The engine the console suites run on in this test process.
    static var engine: String { ProcessInfo.processInfo.environment["GIFBOT_TEST_DATABASE"] ?? "sqlite" }

    init(standIn: GiphyStandIn? = nil, engine: String = ConsoleHarness.engine) async throws {
        if let standIn {
            self.standIn = standIn
        } else {
            self.standIn = try await GiphyStandIn.start()
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-console-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        switch engine {
        case "sqlite": databaseURL = directory.appendingPathComponent("bot.sqlite").path
        case "postgres": databaseURL = try await TestPostgres.shared().makeDatabase()
        default: throw HarnessError.unknownEngine(engine)
        }
    }

    enum HarnessError: Error {
        case unknownEngine(String)
    }

    /// The SQLite file, for tests about SQLite itself (the default engine).
    var databasePath: String { directory.appendingPathComponent("bot.sqlite").path }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "GIPHY_API_KEY": GiphyStandIn.defaultAPIKey,
            "GIPHY_BASE_URL": standIn.baseURL,
            "DATABASE_URL": databaseURL,
            "BOT_COOLDOWN_COMMANDS": "0",
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    /// A runtime (store, HTTP client, bot) that is shut down after the test.
    func runtime(_ extra: [String: String] = [:]) async throws -> BotRuntime {
        let runtime = try await unmanagedRuntime(extra)
        runtimes.withLock { $0.append(runtime) }
        return runtime
    }

    private func unmanagedRuntime(_ extra: [String: String]) async throws -> BotRuntime {
        let sources = try await ConfigurationSources.load(
            options: [:], environment: environment(extra), configFile: nil)
        let configuration = try AppConfiguration.load(from: sources)
        return try await BotRuntime.start(configuration, logger: logs.logger(level: .debug))
    }

    /// Says each line as `user` in `channel` through a fresh runtime, returning the printed lines.
    func say(
        _ lines: [String], as user: String = "alice", in channel: String = "#test",
        environment extra: [String: String] = [:]
    ) async throws -> [String] {
        let runtime = try await unmanagedRuntime(extra)
        do {
            let output = try await say(lines, as: user, in: channel, runtime: runtime)
            await runtime.shutdown()
            return output
        } catch {
            await runtime.shutdown()
            throw error
        }
    }

    func say(
        _ lines: [String], as user: String = "alice", in channel: String = "#test", runtime: BotRuntime
    ) async throws -> [String] {
        let adapter = ConsoleAdapter(
            bot: runtime.bot, userName: user, channel: channel, admins: runtime.configuration.admins)
        let printed = Printed()
        await adapter.run(
            lines: AsyncStream { continuation in
                for line in lines { continuation.yield(line) }
                continuation.finish()
            }
        ) { printed.append($0) }
        return printed.lines
    }

    /// Starts the `gifbot` executable; it is killed after the test if it is still running.
    func launch(
        _ arguments: [String], environment: [String: String], directory: URL? = nil,
        fileSizeSignalIgnored: Bool = false, fileLimit: Int? = nil
    ) throws -> GifbotProcess {
        let process = try GifbotProcess(
            arguments, environment: environment, directory: directory, fileSizeSignalIgnored: fileSizeSignalIgnored,
            fileLimit: fileLimit)
        processes.withLock { $0.append(process) }
        return process
    }

    /// Runs the `gifbot` executable to completion with `input` on standard input.
    func run(
        _ arguments: [String], environment: [String: String], input: String = "", directory: URL? = nil
    ) async throws -> GifbotProcess.Result {
        let process = try launch(arguments, environment: environment, directory: directory)
        process.write(input)
        process.closeInput()
        return await process.finish()
    }

    /// Ends what the test started: processes, runtimes, the stand-in, the folder.
    fileprivate func cleanUp() async {
        for process in processes.withLock({ $0 }) where process.isRunning {
            _ = await process.killNow()
        }
        for runtime in runtimes.withLock({ $0 }) {
            await runtime.shutdown()
        }
        try? await standIn.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Runs `body` with a console harness and cleans up after it, whether it returns or throws:
/// every process it launched is killed, every runtime shut down, the stand-in stopped.
func withConsole<Result>(
    standIn: GiphyStandIn? = nil, engine: String = ConsoleHarness.engine,
    _ body: (ConsoleHarness) async throws -> Result
) async throws -> Result {
    try await withCleanUp(
        try await ConsoleHarness(standIn: standIn, engine: engine), cleanUp: { await $0.cleanUp() }, body)
}

/// Lines the console printed.
final class Printed: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}

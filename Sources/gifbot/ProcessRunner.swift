import ArgumentParser
import Foundation
import GifBotApp
import Logging
import ProcessTuning
import Storage

/// Start-up and shut-down shared by the subcommands: configuration, logging, the runtime, and
/// the one-line errors a failed start ends with.
enum ProcessRunner {
    static func loadConfiguration(
        _ options: ConfigurationOptions, extra: [SettingKey: String] = [:]
    ) async throws -> AppConfiguration {
        do {
            return try await options.load(environment: ProcessInfo.processInfo.environment, extra: extra).0
        } catch let failure as ConfigurationExit {
            fail(failure.description, exitCode: ExitCode(ConfigurationExit.exitCode))
        }
    }

    static func run(options: ConfigurationOptions, _ body: (BotRuntime) async throws -> Void) async throws {
        try await run(try await loadConfiguration(options), body)
    }

    static func run(_ configuration: AppConfiguration, _ body: (BotRuntime) async throws -> Void) async throws {
        // Before the loop's thread starts: a thread that allocates before the arena limit is
        // set keeps an arena of its own.
        ProcessMemory.limitAllocatorRetention()
        try await ProcessThreads.onOneEventLoop { try await runOnLoop(configuration, body) }
    }

    private static func runOnLoop(
        _ configuration: AppConfiguration, _ body: (BotRuntime) async throws -> Void
    ) async throws {
        let logger = makeLogger(level: configuration.logLevel, format: configuration.logFormat)
        warnAboutSecretsOnCommandLine(configuration.secretsOnCommandLine, logger: logger)
        let runtime: BotRuntime
        do {
            runtime = try await BotRuntime.start(configuration, logger: logger, metrics: .bootstrapProcess())
        } catch let error as StoreError {
            fail(
                "configuration error: \(SettingKey.databaseURL.label): \(error)",
                exitCode: ExitCode(ConfigurationExit.exitCode))
        }
        do {
            try await body(runtime)
        } catch {
            await runtime.shutdown()
            throw error
        }
        await runtime.shutdown()
    }

    /// Logs go to standard error, so standard output carries only chat.
    static func makeLogger(level: Logger.Level, format: LogFormat = .text) -> Logger {
        var logger = Logger(label: "gifbot") { label in format.handler(label: label) }
        logger.logLevel = level
        return logger
    }

    /// The secrets among command-line options. A database URL counts only when it holds a
    /// password: a SQLite path is no secret.
    static func secrets(in options: [SettingKey: String]) -> [SettingKey] {
        options.filter { key, value in
            guard key == .databaseURL else { return key.isSecret }
            guard case .postgres(let location) = try? DatabaseLocation(url: value) else { return false }
            return location.password != nil
        }.keys.sorted { $0.key < $1.key }
    }

    /// A warning, not a refusal: a one-off run on a single-user machine may not care.
    static func warnAboutSecretsOnCommandLine(_ keys: [SettingKey], logger: Logger) {
        for key in keys {
            logger.warning(
                "A secret was given on the command line, where every local user can read it with ps",
                metadata: [
                    "key": "\(key.key)", "instead": "\(key.environmentName) or \(key.fileKey.environmentName)",
                ])
        }
    }

    static func fail(_ message: String, exitCode: ExitCode) -> Never {
        StandardStream.write("gifbot: \(message)\n", to: StandardStream.error)
        Foundation.exit(exitCode.rawValue)
    }
}

import ArgumentParser
import Foundation
import Logging
import Storage

/// Start-up and shut-down shared by the subcommands: configuration, logging, the runtime, and
/// the one-line errors a failed start ends with.
enum ProcessRunner {
    static func loadConfiguration(_ options: ConfigurationOptions, extra: [SettingKey: String] = [:]) async throws -> AppConfiguration {
        do {
            return try await options.load(environment: ProcessInfo.processInfo.environment, extra: extra).0
        } catch let failure as ConfigurationFailure {
            fail(failure.description, exitCode: ExitCode(ConfigurationFailure.exitCode))
        }
    }

    static func run(options: ConfigurationOptions, _ body: (BotRuntime) async throws -> Void) async throws {
        try await run(try await loadConfiguration(options), body)
    }

    static func run(_ configuration: AppConfiguration, _ body: (BotRuntime) async throws -> Void) async throws {
        let logger = makeLogger(level: configuration.logLevel, format: configuration.logFormat)
        let runtime: BotRuntime
        do {
            runtime = try await BotRuntime.start(configuration, logger: logger, metrics: .bootstrapProcess())
        } catch let error as StoreError {
            fail("configuration error: \(SettingKey.databaseURL.label): \(error)", exitCode: ExitCode(ConfigurationFailure.exitCode))
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

    static func fail(_ message: String, exitCode: ExitCode) -> Never {
        FileHandle.standardError.write(Data("gifbot: \(message)\n".utf8))
        Foundation.exit(exitCode.rawValue)
    }
}

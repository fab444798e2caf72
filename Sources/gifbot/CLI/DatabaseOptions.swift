import ArgumentParser
import Foundation
import GifBotApp
import Logging
import Storage

/// Options of the subcommands that work on the database alone (`migrate`, `export`,
/// `import`): they need no GIPHY key and connect to no chat network.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A JSON or YAML config file with database.url.", valueName: "file"))
    var config: String?

    @Option(
        name: .customLong("database-url"),
        help:
            "SQLite file, sqlite:///absolute/path or postgres://user:password@host:port/db (DATABASE_URL). Default: gifbot.sqlite. A password here shows in ps: prefer --database-url-file."
    )
    var databaseURL: String?

    @Option(
        name: .customLong("database-url-file"),
        help: ArgumentHelp(
            "File holding database.url, for a URL with a password (DATABASE_URL_FILE).", valueName: "file"))
    var databaseURLFile: String?

    @Option(
        name: .customLong("log-level"),
        help: "trace, debug, info, notice, warning, error or critical (LOG_LEVEL). Default: info.")
    var logLevel: String?

    /// Opens (and migrates) the store, runs `body` with it and the configuration's values,
    /// closes the store; a configuration or database problem ends the process with one line on
    /// standard error.
    func withStore<Result>(_ body: (BotStore, ValueParser) async throws -> Result) async throws -> Result {
        var options: [SettingKey: String] = [:]
        options[.databaseURL] = databaseURL
        options[SettingKey.databaseURL.fileKey] = databaseURLFile
        options[.logLevel] = logLevel
        let location: DatabaseLocation
        let logger: Logger
        let values: ValueParser
        do {
            let sources = try await ConfigurationSources.load(
                options: options, environment: ProcessInfo.processInfo.environment,
                configFile: config)
            location = try DatabaseSettings.location(from: sources)
            values = ValueParser(sources: sources)
            logger = ProcessRunner.makeLogger(level: try values.logLevel(.logLevel, default: .info))
            ProcessRunner.warnAboutSecretsOnCommandLine(ProcessRunner.secrets(in: options), logger: logger)
        } catch {
            ProcessRunner.fail(
                ConfigurationExit(error).description, exitCode: ExitCode(ConfigurationExit.exitCode))
        }
        let store: BotStore
        do {
            store = try await location.open(logger: logger)
        } catch {
            ProcessRunner.fail(
                "configuration error: \(SettingKey.databaseURL.label): \(error)",
                exitCode: ExitCode(ConfigurationExit.exitCode))
        }
        do {
            let result = try await body(store, values)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }
}

import ArgumentParser
import GifBotApp

/// Options shared by every subcommand. Each overrides the environment variable and the config
/// file key of the same name.
struct ConfigurationOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A JSON or YAML config file.", valueName: "file"))
    var config: String?

    @Option(
        name: .customLong("giphy-api-key"),
        help:
            "GIPHY API key (GIPHY_API_KEY). Required when GIPHY is the only source. Every local user sees options in ps: prefer --giphy-api-key-file."
    )
    var giphyAPIKey: String?

    @Option(
        name: .customLong("giphy-api-key-file"),
        help: ArgumentHelp("File holding the GIPHY API key (GIPHY_API_KEY_FILE).", valueName: "file"))
    var giphyAPIKeyFile: String?

    @Option(
        name: .customLong("giphy-base-url"),
        help: "GIPHY API base URL (GIPHY_BASE_URL). Default: https://api.giphy.com.")
    var giphyBaseURL: String?

    @Option(
        name: .customLong("giphy-rating"), help: "Highest rating posted: g, pg, pg-13 or r (GIPHY_RATING). Default: g.")
    var giphyRating: String?

    @Option(name: .customLong("giphy-lang"), help: "Two-letter search language (GIPHY_LANG). Default: en.")
    var giphyLanguage: String?

    @Option(name: .customLong("giphy-timeout"), help: "Seconds for a whole GIPHY request (GIPHY_TIMEOUT). Default: 8.")
    var giphyTimeout: String?

    @Option(
        name: .customLong("giphy-cache-ttl"),
        help: "Seconds GIPHY answers are cached; 0 turns the cache off (GIPHY_CACHE_TTL). Default: 300.")
    var giphyCacheTTL: String?

    @Option(
        name: .customLong("giphy-cache-max-mib"),
        help: "MiB the cached GIPHY answers may hold (GIPHY_CACHE_MAX_MIB). Default: 8.")
    var giphyCacheMaxMiB: String?

    @Option(
        name: .customLong("giphy-rate-limit-cooldown"),
        help: "Seconds without GIPHY calls after a 429 (GIPHY_RATE_LIMIT_COOLDOWN). Default: 60.")
    var giphyRateLimitCooldown: String?

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

    @Option(name: .customLong("bot-prefix"), help: "Command prefix (BOT_PREFIX). Default: !.")
    var botPrefix: String?

    @Option(
        name: .customLong("bot-favorites-limit"), help: "Favorites kept per user (BOT_FAVORITES_LIMIT). Default: 20.")
    var botFavoritesLimit: String?

    @Option(
        name: .customLong("bot-recent-limit"), help: "Recent searches kept per user (BOT_RECENT_LIMIT). Default: 5.")
    var botRecentLimit: String?

    @Option(
        name: .customLong("bot-cooldown-commands"),
        help: "Commands a user may send per cooldown window; 0 turns it off (BOT_COOLDOWN_COMMANDS). Default: 5.")
    var botCooldownCommands: String?

    @Option(
        name: .customLong("bot-cooldown-seconds"),
        help: "Length of the cooldown window in seconds (BOT_COOLDOWN_SECONDS). Default: 30.")
    var botCooldownSeconds: String?

    @Option(
        name: .customLong("bot-admins"),
        help: "Comma-separated admins: IRC accounts, Matrix ids, console names (BOT_ADMINS).")
    var botAdmins: String?

    @Option(
        name: .customLong("log-level"),
        help: "trace, debug, info, notice, warning, error or critical (LOG_LEVEL). Default: info.")
    var logLevel: String?

    @Option(
        name: .customLong("log-format"), help: "text, or json for one JSON object per line (LOG_FORMAT). Default: text."
    )
    var logFormat: String?

    @Option(
        name: .customLong("ops-port"),
        help: "Port of the ops endpoint: /healthz, /readyz, /metrics (OPS_PORT). Default: off.")
    var opsPort: String?

    @Option(name: .customLong("ops-host"), help: "Address the ops endpoint listens on (OPS_HOST). Default: 127.0.0.1.")
    var opsHost: String?

    @OptionGroup var gifSources: GifSourceOptions

    /// The options given, by the key they set.
    var values: [SettingKey: String] {
        let pairs: [(SettingKey, String?)] = [
            (.giphyAPIKey, giphyAPIKey), (SettingKey.giphyAPIKey.fileKey, giphyAPIKeyFile),
            (.giphyBaseURL, giphyBaseURL), (.giphyRating, giphyRating),
            (.giphyLanguage, giphyLanguage), (.giphyTimeout, giphyTimeout), (.giphyCacheTTL, giphyCacheTTL),
            (.giphyCacheMaxMiB, giphyCacheMaxMiB), (.giphyRateLimitCooldown, giphyRateLimitCooldown),
            (.databaseURL, databaseURL), (SettingKey.databaseURL.fileKey, databaseURLFile),
            (.botPrefix, botPrefix), (.botFavoritesLimit, botFavoritesLimit), (.botRecentLimit, botRecentLimit),
            (.botCooldownCommands, botCooldownCommands), (.botCooldownSeconds, botCooldownSeconds),
            (.botAdmins, botAdmins), (.logLevel, logLevel),
            (.logFormat, logFormat), (.opsPort, opsPort), (.opsHost, opsHost),
        ]
        var values = gifSources.values
        for case let (key, value?) in pairs { values[key] = value }
        return values
    }

    /// Loads and validates the configuration, or ends the process with a one-line error.
    func load(
        environment: [String: String], extra: [SettingKey: String] = [:]
    ) async throws -> (AppConfiguration, ConfigurationSources) {
        do {
            let sources = try await ConfigurationSources.load(
                options: values.merging(extra) { $1 }, environment: environment, configFile: config)
            var configuration = try AppConfiguration.load(from: sources)
            configuration.secretsOnCommandLine = ProcessRunner.secrets(in: values)
            return (configuration, sources)
        } catch {
            throw ConfigurationExit(error)
        }
    }
}

/// Printed as "gifbot: configuration error: …" and exits with EX_CONFIG (78): no stack trace.
struct ConfigurationExit: Error, CustomStringConvertible {
    static let exitCode: Int32 = 78
    let error: ConfigurationError

    init(_ error: ConfigurationError) {
        self.error = error
    }

    var description: String { "configuration error: \(error.description)" }
}

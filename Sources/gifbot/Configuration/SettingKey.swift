/// A configuration key with the environment variable that sets it. These names are the public
/// interface of the bot: operators' deployments depend on them.
struct SettingKey: Sendable, Hashable {
    let key: String
    let isSecret: Bool

    init(_ key: String, secret: Bool = false) {
        self.key = key
        self.isSecret = secret
    }

    /// `giphy.api_key` is set by `GIPHY_API_KEY`.
    var environmentName: String {
        key.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }

    /// `giphy.api_key` is set by `--giphy-api-key`.
    var optionName: String {
        key.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }

    /// `giphy.api_key_file` (`GIPHY_API_KEY_FILE`): the path of a file holding this secret.
    var fileKey: SettingKey { SettingKey(key + "_file") }

    /// "giphy.api_key (GIPHY_API_KEY)", as error messages name a key.
    var label: String { "\(key) (\(environmentName))" }
}

extension SettingKey {
    static let giphyAPIKey = SettingKey("giphy.api_key", secret: true)
    static let giphyBaseURL = SettingKey("giphy.base_url")
    static let giphyRating = SettingKey("giphy.rating")
    static let giphyLanguage = SettingKey("giphy.lang")
    static let giphyTimeout = SettingKey("giphy.timeout")
    static let giphyCacheTTL = SettingKey("giphy.cache_ttl")
    static let giphyCacheMaxMiB = SettingKey("giphy.cache_max_mib")
    static let giphyRateLimitCooldown = SettingKey("giphy.rate_limit_cooldown")
    static let databaseURL = SettingKey("database.url", secret: true)
    static let botPrefix = SettingKey("bot.prefix")
    static let botFavoritesLimit = SettingKey("bot.favorites_limit")
    static let botRecentLimit = SettingKey("bot.recent_limit")
    static let botCooldownCommands = SettingKey("bot.cooldown_commands")
    static let botCooldownSeconds = SettingKey("bot.cooldown_seconds")
    static let botAdmins = SettingKey("bot.admins")
    static let logLevel = SettingKey("log.level")
    static let logFormat = SettingKey("log.format")
    static let opsPort = SettingKey("ops.port")
    static let opsHost = SettingKey("ops.host")
    static let opsIdleTimeout = SettingKey("ops.idle_timeout")
    static let opsMaxConnections = SettingKey("ops.max_connections")
}

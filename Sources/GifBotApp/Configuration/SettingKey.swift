/// A configuration key with the environment variable that sets it. These names are the public
/// interface of the bot: operators' deployments depend on them.
package struct SettingKey: Sendable, Hashable {
    package let key: String
    package let isSecret: Bool

    package init(_ key: String, secret: Bool = false) {
        self.key = key
        self.isSecret = secret
    }

    /// `giphy.api_key` is set by `GIPHY_API_KEY`.
    package var environmentName: String {
        key.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }

    /// `giphy.api_key` is set by `--giphy-api-key`.
    package var optionName: String {
        key.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }

    /// `giphy.api_key_file` (`GIPHY_API_KEY_FILE`): the path of a file holding this secret.
    package var fileKey: SettingKey { SettingKey(key + "_file") }

    /// "giphy.api_key (GIPHY_API_KEY)", as error messages name a key.
    package var label: String { "\(key) (\(environmentName))" }
}

extension SettingKey {
    package static let giphyAPIKey = SettingKey("giphy.api_key", secret: true)
    package static let giphyBaseURL = SettingKey("giphy.base_url")
    package static let giphyRating = SettingKey("giphy.rating")
    package static let giphyLanguage = SettingKey("giphy.lang")
    package static let giphyTimeout = SettingKey("giphy.timeout")
    package static let giphyCacheTTL = SettingKey("giphy.cache_ttl")
    package static let giphyCacheMaxMiB = SettingKey("giphy.cache_max_mib")
    package static let giphyRateLimitCooldown = SettingKey("giphy.rate_limit_cooldown")
    package static let databaseURL = SettingKey("database.url", secret: true)
    package static let botPrefix = SettingKey("bot.prefix")
    package static let botFavoritesLimit = SettingKey("bot.favorites_limit")
    package static let botRecentLimit = SettingKey("bot.recent_limit")
    package static let botCooldownCommands = SettingKey("bot.cooldown_commands")
    package static let botCooldownSeconds = SettingKey("bot.cooldown_seconds")
    package static let botAdmins = SettingKey("bot.admins")
    package static let botChannelAdmins = SettingKey("bot.channel_admins")
    package static let botCollectionLimit = SettingKey("bot.collection_limit")
    package static let botPreviewSeconds = SettingKey("bot.preview_seconds")
    package static let logLevel = SettingKey("log.level")
    package static let logFormat = SettingKey("log.format")
    package static let opsPort = SettingKey("ops.port")
    package static let opsHost = SettingKey("ops.host")
    package static let opsIdleTimeout = SettingKey("ops.idle_timeout")
    package static let opsMaxConnections = SettingKey("ops.max_connections")
    package static let webPort = SettingKey("web.port")
    package static let webBind = SettingKey("web.bind")
    package static let webBaseURL = SettingKey("web.base_url")
    package static let webRequestsPerMinute = SettingKey("web.requests_per_minute")
    package static let webLoginsPerMinute = SettingKey("web.logins_per_minute")
    package static let webTrustedProxies = SettingKey("web.trusted_proxies")
    package static let webMaxConnections = SettingKey("web.max_connections")
    package static let webHeaderTimeout = SettingKey("web.header_timeout")
    package static let webIdleTimeout = SettingKey("web.idle_timeout")
    package static let webWidgetOrigins = SettingKey("web.widget_origins")
}

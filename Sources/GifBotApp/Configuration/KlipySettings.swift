import Klipy

/// The `klipy.*` keys, read when KLIPY is among `gifs.sources`.
enum KlipySettings {
    static func load(_ values: ValueParser) throws(ConfigurationError) -> KlipyClientConfiguration {
        KlipyClientConfiguration(
            baseURL: try values.httpURL(.klipyBaseURL, default: KlipyClientConfiguration.defaultBaseURL),
            appKey: try values.secret(.klipyAppKey) ?? "",
            locale: try locale(values),
            timeout: try values.seconds(.klipyTimeout, default: 8, allowZero: false),
            rateLimitCooldown: try values.seconds(.klipyRateLimitCooldown, default: 60, allowZero: false))
    }

    /// KLIPY's docs ask for `us` on lists and `en_US` on categories; both forms pass as given.
    private static func locale(_ values: ValueParser) throws(ConfigurationError) -> String? {
        guard let text = values.text(.klipyLocale) else { return nil }
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } })
        else {
            throw .invalid(.klipyLocale, accepted: "a country or locale code such as us or en_US", got: text)
        }
        return text
    }
}

extension SettingKey {
    package static let klipyAppKey = SettingKey("klipy.app_key", secret: true)
    package static let klipyBaseURL = SettingKey("klipy.base_url")
    package static let klipyLocale = SettingKey("klipy.locale")
    package static let klipyTimeout = SettingKey("klipy.timeout")
    package static let klipyRateLimitCooldown = SettingKey("klipy.rate_limit_cooldown")
}

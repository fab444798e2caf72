import Klipy

/// The GIF sources a bot may use, in the order `gifs.sources` lists them.
package enum GifSourceName: String, Sendable, CaseIterable {
    case giphy, klipy
}

/// `gifs.sources` and the `klipy.*` keys, part of `AppConfiguration`.
package struct GifSourceSettings: Sendable {
    /// First serves; the next answers when it is rate-limited, failing, or has no key.
    package let sources: [GifSourceName]
    /// nil when KLIPY is not among the sources. An empty app key is allowed here: a keyless
    /// source is skipped at run time in favour of the next one.
    package let klipy: KlipyClientConfiguration?
    /// The HMAC key for KLIPY's `customer_id`; nil means the bot makes and stores one.
    package let customerIDSecret: [UInt8]?

    package static let defaultSources: [GifSourceName] = [.giphy]

    package static func load(from sources: ConfigurationSources) throws(ConfigurationError) -> GifSourceSettings {
        let values = ValueParser(sources: sources)
        let names = try sourceNames(values)
        let secret = try values.secret(.klipyCustomerIDSecret).map { Array($0.utf8) }
        if let secret, secret.count < KlipyCustomerIDDeriver.minimumSecretBytes {
            throw .invalid(
                .klipyCustomerIDSecret, accepted: "at least \(KlipyCustomerIDDeriver.minimumSecretBytes) characters",
                got: "")
        }
        guard names.contains(.klipy) else {
            return GifSourceSettings(sources: names, klipy: nil, customerIDSecret: secret)
        }
        let klipy = KlipyClientConfiguration(
            baseURL: try values.httpURL(.klipyBaseURL, default: KlipyClientConfiguration.defaultBaseURL),
            appKey: try values.secret(.klipyAppKey) ?? "",
            locale: try locale(values),
            timeout: try values.seconds(.klipyTimeout, default: 8, allowZero: false),
            rateLimitCooldown: try values.seconds(.klipyRateLimitCooldown, default: 60, allowZero: false))
        return GifSourceSettings(sources: names, klipy: klipy, customerIDSecret: secret)
    }

    /// At least one configured source needs a key. GIPHY alone keeps today's error; with several
    /// sources a keyless one is skipped at run time in favour of the next.
    package func requireAKey(giphyAPIKey: String) throws(ConfigurationError) {
        let keyed = sources.filter { name in
            switch name {
            case .giphy: !giphyAPIKey.isEmpty
            case .klipy: !(klipy?.appKey.isEmpty ?? true)
            }
        }
        guard keyed.isEmpty else { return }
        switch sources.first ?? .giphy {
        case .giphy: throw .missing(.giphyAPIKey, hint: "your GIPHY API key from developers.giphy.com")
        case .klipy: throw .missing(.klipyAppKey, hint: "your KLIPY app key from its Partner Panel")
        }
    }

    private static func sourceNames(_ values: ValueParser) throws(ConfigurationError) -> [GifSourceName] {
        let listed = values.list(.gifsSources)
        guard !listed.isEmpty else { return defaultSources }
        var names: [GifSourceName] = []
        for text in listed {
            guard let name = GifSourceName(rawValue: text.lowercased()), !names.contains(name) else {
                throw .invalid(
                    .gifsSources, accepted: "giphy and/or klipy, each once, in the order to ask them",
                    got: listed.joined(separator: ","))
            }
            names.append(name)
        }
        return names
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

package extension SettingKey {
    package static let gifsSources = SettingKey("gifs.sources")
    package static let klipyAppKey = SettingKey("klipy.app_key", secret: true)
    package static let klipyBaseURL = SettingKey("klipy.base_url")
    package static let klipyLocale = SettingKey("klipy.locale")
    package static let klipyTimeout = SettingKey("klipy.timeout")
    package static let klipyRateLimitCooldown = SettingKey("klipy.rate_limit_cooldown")
    package static let klipyCustomerIDSecret = SettingKey("klipy.customer_id_secret", secret: true)
}

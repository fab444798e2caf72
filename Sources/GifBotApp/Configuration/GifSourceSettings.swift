import Giphy
import Klipy

/// The GIF sources a bot may use, in the order `gifs.sources` lists them.
package enum GifSourceName: String, Sendable, CaseIterable {
    case giphy, klipy
}

/// One entry of `gifs.sources` with its own settings (`giphy.*` or `klipy.*`). A source that is
/// not listed is not configured, so nothing in the wiring assumes any one of them.
package enum SourceSettings: Sendable {
    case giphy(GiphyClientConfiguration)
    case klipy(KlipyClientConfiguration)

    package var name: GifSourceName {
        switch self {
        case .giphy: .giphy
        case .klipy: .klipy
        }
    }

    package var baseURL: String {
        switch self {
        case .giphy(let giphy): giphy.baseURL
        case .klipy(let klipy): klipy.baseURL
        }
    }

    /// An empty key is allowed for one source of several: it is skipped at run time in favour
    /// of the next.
    package var hasKey: Bool {
        switch self {
        case .giphy(let giphy): !giphy.apiKey.isEmpty
        case .klipy(let klipy): !klipy.appKey.isEmpty
        }
    }
}

/// `gifs.sources` and each listed source's settings, part of `AppConfiguration`.
package struct GifSourceSettings: Sendable {
    /// First serves; the next answers when it is rate-limited, failing, or has no key.
    package let sources: [SourceSettings]
    /// The HMAC key for KLIPY's `customer_id`; nil means the bot makes and stores one.
    package let customerIDSecret: [UInt8]?

    package static let defaultSources: [GifSourceName] = [.giphy]

    package var names: [GifSourceName] { sources.map(\.name) }

    /// GIPHY's settings when it is among the sources.
    package var giphy: GiphyClientConfiguration? {
        sources.lazy.compactMap { if case .giphy(let giphy) = $0 { giphy } else { nil } }.first
    }

    /// KLIPY's settings when it is among the sources.
    package var klipy: KlipyClientConfiguration? {
        sources.lazy.compactMap { if case .klipy(let klipy) = $0 { klipy } else { nil } }.first
    }

    package static func load(from sources: ConfigurationSources) throws(ConfigurationError) -> GifSourceSettings {
        let values = ValueParser(sources: sources)
        let secret = try values.secret(.klipyCustomerIDSecret).map { Array($0.utf8) }
        if let secret, secret.count < KlipyCustomerIDDeriver.minimumSecretBytes {
            throw .invalid(
                .klipyCustomerIDSecret, accepted: "at least \(KlipyCustomerIDDeriver.minimumSecretBytes) characters",
                got: "")
        }
        var configured: [SourceSettings] = []
        for name in try sourceNames(values) {
            switch name {
            case .giphy: configured.append(.giphy(try GiphySettings.load(values)))
            case .klipy: configured.append(.klipy(try KlipySettings.load(values)))
            }
        }
        return GifSourceSettings(sources: configured, customerIDSecret: secret)
    }

    /// At least one configured source needs a key: the first source's key is the one asked for.
    package func requireAKey() throws(ConfigurationError) {
        guard !sources.contains(where: \.hasKey), let first = sources.first else { return }
        switch first.name {
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
}

extension SettingKey {
    package static let gifsSources = SettingKey("gifs.sources")
    package static let klipyCustomerIDSecret = SettingKey("klipy.customer_id_secret", secret: true)
}

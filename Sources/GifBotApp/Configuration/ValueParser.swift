import Foundation
import GifSources
import Logging

/// Reads one key and checks it, throwing an error that names the key and what it accepts.
/// What each kind of value accepts is `SettingValues`'.
package struct ValueParser {
    package let sources: ConfigurationSources

    package init(sources: ConfigurationSources) {
        self.sources = sources
    }

    package func integer(
        _ key: SettingKey, default fallback: Int, in range: ClosedRange<Int>
    ) throws(ConfigurationError) -> Int {
        try optionalInteger(key, in: range) ?? fallback
    }

    package func seconds(
        _ key: SettingKey, default fallback: Int, allowZero: Bool
    ) throws(ConfigurationError) -> Duration {
        try value(key, accepted: "a number of seconds\(allowZero ? " (0 turns it off)" : " above 0")") {
            SettingValues.seconds($0, allowZero: allowZero)
        } ?? .seconds(fallback)
    }

    package func rating(_ key: SettingKey, default fallback: ContentRating) throws(ConfigurationError) -> ContentRating
    {
        try value(key, accepted: "one of g, pg, pg-13, r", SettingValues.rating) ?? fallback
    }

    package func language(_ key: SettingKey, default fallback: String) throws(ConfigurationError) -> String {
        try value(key, accepted: "a two-letter language code such as en", SettingValues.language) ?? fallback
    }

    package func httpURL(_ key: SettingKey, default fallback: String) throws(ConfigurationError) -> String {
        try value(key, accepted: "an http:// or https:// URL", SettingValues.httpURL) ?? fallback
    }

    package func prefix(_ key: SettingKey, default fallback: String) throws(ConfigurationError) -> String {
        try value(key, accepted: "1 to 5 symbols, such as ! or .", SettingValues.prefix) ?? fallback
    }

    package func logLevel(_ key: SettingKey, default fallback: Logger.Level) throws(ConfigurationError) -> Logger.Level
    {
        let accepted = "one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))"
        return try value(key, accepted: accepted) { Logger.Level(rawValue: $0.lowercased()) } ?? fallback
    }

    package func logFormat(_ key: SettingKey, default fallback: LogFormat) throws(ConfigurationError) -> LogFormat {
        guard let text = text(key) else { return fallback }
        guard let format = LogFormat(rawValue: text.lowercased()) else {
            throw .invalid(key, accepted: "text or json", got: text)
        }
        return format
    }

    /// An address to listen on: an IPv4 or IPv6 address, or a host name.
    package func listenHost(_ key: SettingKey, default fallback: String) throws(ConfigurationError) -> String {
        guard let text = text(key) else { return fallback }
        let allowed = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".:-".contains($0)) }
        guard allowed, text.count <= 253 else {
            throw .invalid(key, accepted: "an address to listen on, such as 127.0.0.1, 0.0.0.0 or ::", got: text)
        }
        return text
    }

    package func optionalInteger(_ key: SettingKey, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        try value(key, accepted: "a whole number from \(range.lowerBound) to \(range.upperBound)") {
            SettingValues.integer($0, in: range)
        }
    }

    package func bool(_ key: SettingKey, default fallback: Bool) throws(ConfigurationError) -> Bool {
        try optionalBool(key) ?? fallback
    }

    package func optionalBool(_ key: SettingKey) throws(ConfigurationError) -> Bool? {
        try value(key, accepted: "true or false", SettingValues.bool)
    }

    /// Trimmed text, nil when unset or empty.
    package func text(_ key: SettingKey) -> String? {
        SettingValues.trimmed(sources.text(key))
    }

    /// A secret's text, from the key itself or from the file its `_file` key names, trimmed of
    /// spaces and line breaks (no key or password ends in one); nil when neither is set.
    package func secret(_ key: SettingKey) throws(ConfigurationError) -> String? {
        guard let text = try sources.secret(key)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            return nil
        }
        return text
    }

    /// A comma-separated list (or a list in the config file), without empty entries.
    package func list(_ key: SettingKey) -> [String] {
        SettingValues.list(sources.text(key) ?? sources.list(key).joined(separator: ","))
    }

    /// The parsed value; nil when the key is unset or empty.
    private func value<Value>(
        _ key: SettingKey, accepted: String,
        _ parse: (String) -> Value?
    ) throws(ConfigurationError) -> Value? {
        guard let text = text(key) else { return nil }
        guard let value = parse(text) else { throw .invalid(key, accepted: accepted, got: text) }
        return value
    }
}

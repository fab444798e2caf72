import Foundation
import Giphy
import Logging

/// Reads one key and checks it, throwing an error that names the key and what it accepts.
struct ValueParser {
    let sources: ConfigurationSources

    func integer(_ key: SettingKey, default fallback: Int, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let text = trimmed(key) else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .invalid(key, accepted: "a whole number from \(range.lowerBound) to \(range.upperBound)", got: text)
        }
        return value
    }

    func seconds(_ key: SettingKey, default fallback: Int, allowZero: Bool) throws(ConfigurationError) -> Duration {
        guard let text = trimmed(key) else { return .seconds(fallback) }
        guard let value = Double(text), value.isFinite, allowZero ? value >= 0 : value > 0, value <= 86_400 else {
            throw .invalid(key, accepted: "a number of seconds\(allowZero ? " (0 turns it off)" : " above 0")", got: text)
        }
        return .milliseconds(Int64((value * 1000).rounded()))
    }

    func rating(_ key: SettingKey, default fallback: ContentRating) throws(ConfigurationError) -> ContentRating {
        guard let text = trimmed(key) else { return fallback }
        guard let rating = ContentRating(parameter: text) else {
            throw .invalid(key, accepted: "one of g, pg, pg-13, r", got: text)
        }
        return rating
    }

    func language(_ key: SettingKey, default fallback: String) throws(ConfigurationError) -> String {
        guard let text = trimmed(key) else { return fallback }
        guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw .invalid(key, accepted: "a two-letter language code such as en", got: text)
        }
        return text.lowercased()
    }

    func httpURL(_ key: SettingKey, default fallback: String) throws(ConfigurationError) -> String {
        guard let text = trimmed(key) else { return fallback }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil else {
            throw .invalid(key, accepted: "an http:// or https:// URL", got: text)
        }
        return text
    }

    func prefix(_ key: SettingKey, default fallback: String) throws(ConfigurationError) -> String {
        guard let text = trimmed(key) else { return fallback }
        guard (1...5).contains(text.count), !text.contains(where: { $0.isWhitespace || $0.isLetter || $0.isNumber }) else {
            throw .invalid(key, accepted: "1 to 5 symbols, such as ! or .", got: text)
        }
        return text
    }

    func logLevel(_ key: SettingKey, default fallback: Logger.Level) throws(ConfigurationError) -> Logger.Level {
        guard let text = trimmed(key) else { return fallback }
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            throw .invalid(key, accepted: "one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))", got: text)
        }
        return level
    }

    func logFormat(_ key: SettingKey, default fallback: LogFormat) throws(ConfigurationError) -> LogFormat {
        guard let text = trimmed(key) else { return fallback }
        guard let format = LogFormat(rawValue: text.lowercased()) else {
            throw .invalid(key, accepted: "text or json", got: text)
        }
        return format
    }

    /// An address to listen on: an IPv4 or IPv6 address, or a host name.
    func listenHost(_ key: SettingKey, default fallback: String) throws(ConfigurationError) -> String {
        guard let text = trimmed(key) else { return fallback }
        let allowed = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".:-".contains($0)) }
        guard allowed, text.count <= 253 else {
            throw .invalid(key, accepted: "an address to listen on, such as 127.0.0.1, 0.0.0.0 or ::", got: text)
        }
        return text
    }

    func optionalInteger(_ key: SettingKey, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        guard let text = trimmed(key) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .invalid(key, accepted: "a whole number from \(range.lowerBound) to \(range.upperBound)", got: text)
        }
        return value
    }

    func bool(_ key: SettingKey, default fallback: Bool) throws(ConfigurationError) -> Bool {
        guard let text = trimmed(key) else { return fallback }
        switch text.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw .invalid(key, accepted: "true or false", got: text)
        }
    }

    /// Trimmed text, nil when unset or empty.
    func text(_ key: SettingKey) -> String? {
        trimmed(key)
    }

    /// A comma-separated list (or a list in the config file), without empty entries.
    func list(_ key: SettingKey) -> [String] {
        let text = sources.text(key) ?? sources.list(key).joined(separator: ",")
        return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// An empty value counts as unset, as an empty environment variable usually means.
    private func trimmed(_ key: SettingKey) -> String? {
        guard let text = sources.text(key)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}

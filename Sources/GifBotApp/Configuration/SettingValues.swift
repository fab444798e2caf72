import Foundation
import GifSources

/// What each kind of setting accepts, as pure functions of its text (already trimmed and
/// non-empty), apart from where the text comes from so it can be fuzzed on its own
/// (Fuzz/Targets). nil means the text is not acceptable.
package enum SettingValues {
    package static func integer(_ text: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = Int(text), range.contains(value) else { return nil }
        return value
    }

    /// At most a day, to the millisecond.
    package static func seconds(_ text: String, allowZero: Bool) -> Duration? {
        guard let value = Double(text), value.isFinite, value >= 0, value <= 86_400 else { return nil }
        // Checked after rounding: 0.0004 is above 0 but would be a 0 ms timeout.
        let milliseconds = Int64((value * 1000).rounded())
        guard allowZero || milliseconds > 0 else { return nil }
        return .milliseconds(milliseconds)
    }

    package static func rating(_ text: String) -> ContentRating? {
        ContentRating(parameter: text)
    }

    /// Lowercased.
    package static func language(_ text: String) -> String? {
        guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return text.lowercased()
    }

    package static func httpURL(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { return nil }
        return text
    }

    package static func prefix(_ text: String) -> String? {
        guard (1...5).contains(text.count), !text.contains(where: { $0.isWhitespace || $0.isLetter || $0.isNumber })
        else {
            return nil
        }
        return text
    }

    package static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "1": true
        case "false", "no", "off", "0": false
        default: nil
        }
    }

    /// Comma-separated entries, trimmed, without empty ones. Split on scalars, not Characters:
    /// a comma joined to a mark next to it (",\u{301}", "\u{601},") is still a separator.
    package static func list(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: ",").map { String(Substring($0)).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// An empty value counts as unset, as an empty environment variable usually means.
    package static func trimmed(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}

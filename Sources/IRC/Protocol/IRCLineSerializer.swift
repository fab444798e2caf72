/// Turns an `IRCMessage` into one wire line (without CRLF) that can never smuggle in a second line
/// or shift its parameters, whatever untrusted text it carries.
public enum IRCLineSerializer {
    public static func serialize(_ message: IRCMessage) -> String {
        var parts: [String] = []

        let tags = message.tags.compactMap { key, value -> (String, String)? in
            let safeKey = removing(tagKeyBreakers, from: strip(key))
            return safeKey.isEmpty ? nil : (safeKey, strip(value))
        }
        if !tags.isEmpty {
            // Sorted so the same message always gives the same line (dictionaries are unordered).
            let items = tags.sorted { $0.0 < $1.0 }.map { key, value in
                value.isEmpty ? key : key + "=" + IRCTagCoding.escape(value)
            }
            parts.append("@" + items.joined(separator: ";"))
        }

        if let source = message.source.map({ removing([" "], from: strip($0)) }), !source.isEmpty {
            parts.append(":" + source)
        }

        parts.append(removing([" "], from: strip(message.command)))

        for (index, parameter) in message.parameters.enumerated() {
            let isLast = index == message.parameters.count - 1
            let safe = strip(parameter)
            parts.append(isLast ? trailingParameter(safe) : middleParameter(safe))
        }

        return parts.joined(separator: " ")
    }

    /// Removes CR, LF and NUL, the characters that would end or corrupt an IRC line.
    public static func strip(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isLineBreaker) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isLineBreaker($0) }))
    }

    static func isLineBreaker(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\r" || scalar == "\n" || scalar == "\0"
    }

    private static func trailingParameter(_ parameter: String) -> String {
        let needsColon =
            parameter.isEmpty
            || parameter.unicodeScalars.contains(" ")
            || parameter.unicodeScalars.first == ":"
        return needsColon ? ":" + parameter : parameter
    }

    /// A middle parameter that were empty, spaced or colon-led would merge with or swallow the
    /// parameters after it, so it is mangled into a single harmless token instead.
    private static func middleParameter(_ parameter: String) -> String {
        guard !parameter.isEmpty else { return "*" }
        var scalars = String.UnicodeScalarView(
            parameter.unicodeScalars.map { $0 == " " ? "_" : $0 }
        )
        if scalars.first == ":" {
            scalars.replaceSubrange(scalars.startIndex...scalars.startIndex, with: CollectionOfOne("_"))
        }
        return String(scalars)
    }

    private static let tagKeyBreakers: Set<Unicode.Scalar> = [" ", ";", "="]

    /// Tag keys, the source and the command are single tokens; these characters would split them.
    private static func removing(_ breakers: Set<Unicode.Scalar>, from text: String) -> String {
        guard text.unicodeScalars.contains(where: breakers.contains) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !breakers.contains($0) }))
    }
}

/// A caption typed after the query (`!gif cat | when the build passes`), cleaned like a title:
/// one line, at most `maximumLength` characters, no mass mentions.
enum GifCaption {
    static let maximumLength = 200
    static let separator: Character = "|"
    /// Words that ping a whole room on some networks and clients.
    private static let massMentions: Set<String> = ["@room", "@everyone", "@here", "@channel"]

    /// The query and its caption (nil when there is none or it is empty once cleaned).
    static func split(_ text: String) -> (query: String, caption: String?) {
        guard let bar = text.firstIndex(of: separator) else { return (text, nil) }
        let query = TextSanitizer.collapseWhitespace(String(text[..<bar]))
        return (query, clean(String(text[text.index(after: bar)...])))
    }

    static func clean(_ raw: String) -> String? {
        let words = TextSanitizer.collapseWhitespace(TextSanitizer.clean(raw)).split(separator: " ")
            .filter { !massMentions.contains($0.lowercased()) }
        let caption = TextSanitizer.truncate(words.joined(separator: " "), to: maximumLength)
        return caption.isEmpty ? nil : caption
    }
}

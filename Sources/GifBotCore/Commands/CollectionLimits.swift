/// How big a channel's collection and its tags may be: what chat and `gifbot import` accept.
public enum CollectionLimits {
    /// Tags on one entry.
    public static let maximumTags = 10
    /// Characters in one tag.
    public static let maximumTagLength = 32
    /// Entries in one channel's collection, unless configured otherwise (`bot.collection_limit`).
    public static let defaultEntries = 500

    /// A tag as stored: lowercased, without a leading `#`; nil unless it is one word of letters,
    /// digits, `-` and `_`, at most `maximumTagLength` characters.
    public static func tag(_ word: some StringProtocol) -> String? {
        let bare = word.hasPrefix("#") ? String(word.dropFirst()) : String(word)
        let tag = bare.lowercased()
        guard !tag.isEmpty, tag.count <= maximumTagLength,
            tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return nil }
        return tag
    }

    /// Whether a stored tag is one `tag(_:)` gives.
    public static func isValidTag(_ tag: String) -> Bool {
        !tag.hasPrefix("#") && Self.tag(tag) == tag
    }
}

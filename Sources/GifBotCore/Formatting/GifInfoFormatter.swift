import GifSources

/// The one-line detail view of `!info`.
enum GifInfoFormatter {
    static func line(for gif: SourcedGif, card: GifCard) -> String {
        var parts = ["\"\(card.title)\" (\(card.id))"]
        parts.append("rated \(gif.rating.map { $0.uppercased() } ?? "unrated")")
        parts.append(uploader(of: gif))
        if let size = size(of: card) { parts.append(size) }
        if let date = importDate(gif.importDate) { parts.append("imported \(date)") }
        if let page = card.pageURL, !page.isEmpty { parts.append(page) }
        return parts.joined(separator: " · ")
    }

    static func uploader(of gif: SourcedGif) -> String {
        let user = gif.uploader
        let username = [user?.username].compactMap { $0.map(TextSanitizer.clean) }.first { !$0.isEmpty }
        let displayName = user?.displayName.map(TextSanitizer.clean).flatMap {
            $0.isEmpty ? nil : TextSanitizer.truncate($0, to: 40)
        }
        var text: String
        switch (displayName, username) {
        case let (name?, handle?): text = "by \(name) (@\(handle))"
        case let (name?, nil): text = "by \(name)"
        case let (nil, handle?): text = "by @\(handle)"
        case (nil, nil): return "uploader unknown"
        }
        if user?.isVerified == true { text += " ✓ verified" }
        return text
    }

    /// "480×270 px, 1.2 MB" of the rendition the bot posts.
    static func size(of card: GifCard) -> String? {
        var parts: [String] = []
        if let width = card.width, let height = card.height, width > 0, height > 0 {
            parts.append("\(width)×\(height) px")
        }
        if let bytes = card.byteSize, bytes > 0 { parts.append(byteCount(bytes)) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static func byteCount(_ bytes: Int) -> String {
        switch bytes {
        case ..<1024: return "\(bytes) B"
        case ..<(1024 * 1024): return "\(oneDecimal(Double(bytes) / 1024)) KB"
        default: return "\(oneDecimal(Double(bytes) / 1024 / 1024)) MB"
        }
    }

    /// GIPHY sends "YYYY-MM-DD HH:MM:SS", and "0000-00-00 …" or the Unix epoch when it has none.
    static func importDate(_ raw: String?) -> String? {
        guard let raw, raw.count >= 10 else { return nil }
        let date = String(raw.prefix(10))
        guard !date.hasPrefix("0000"), !date.hasPrefix("1970-01-01"),
            date.allSatisfy({ $0.isNumber || $0 == "-" })
        else { return nil }
        return date
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

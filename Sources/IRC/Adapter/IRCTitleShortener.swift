/// Shortens a GIF title to a number of UTF-8 bytes, so that its line fits one IRC message.
enum IRCTitleShortener {
    static let ellipsis = "…"

    /// The title itself when it fits; otherwise whole characters and an ellipsis, cut at a
    /// space when one is in the second half; nil when not even the ellipsis fits.
    static func shorten(_ title: String, toBytes budget: Int) -> String? {
        if title.utf8.count <= budget { return title }
        let room = budget - ellipsis.utf8.count
        guard room >= 0 else { return nil }
        var bytes = 0
        var end = title.startIndex
        var lastSpace: String.Index?
        while end < title.endIndex {
            let size = title[end].utf8.count
            guard bytes + size <= room else { break }
            if title[end] == " " { lastSpace = end }
            bytes += size
            end = title.index(after: end)
        }
        var cut = title[..<end]
        let endsAWord = end < title.endIndex && title[end] == " "
        if !endsAWord, let lastSpace,
            title.distance(from: title.startIndex, to: lastSpace) * 2 > title.distance(from: title.startIndex, to: end)
        {
            cut = title[..<lastSpace]
        }
        while cut.last?.isWhitespace == true { cut.removeLast() }
        return String(cut) + ellipsis
    }
}

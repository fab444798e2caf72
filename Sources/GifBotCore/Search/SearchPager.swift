import Giphy

/// Walks a query's results in pages of 25 (so paging through them costs one GIPHY call per
/// page, the rest served from the cache) and picks the next result the user has not seen that
/// the content policy allows and that has a rendition to link.
struct SearchPager {
    static let pageSize = 25
    /// Pages scanned for one command before giving up: results filtered by the content policy
    /// must not cost a beta key's whole hourly budget.
    static let maximumPagesPerCommand = 3

    enum Outcome {
        case found(GiphyGif, GifCard, ConversationMemory.SearchCursor)
        /// No results left.
        case exhausted(ConversationMemory.SearchCursor)
        /// Results remain, but none of the last pages could be shown here.
        case nothingSuitable(ConversationMemory.SearchCursor)
    }

    let giphy: any GiphyAPI
    let rating: ContentRating

    func next(after start: ConversationMemory.SearchCursor) async throws -> Outcome {
        var cursor = start
        for _ in 0..<Self.maximumPagesPerCommand {
            if cursor.isExhausted { return .exhausted(cursor) }
            let pageOffset = cursor.nextIndex - cursor.nextIndex % Self.pageSize
            guard pageOffset <= GiphyLimits.maximumSearchOffset else { return .exhausted(cursor) }
            let page = try await giphy.search(cursor.query, offset: pageOffset, limit: Self.pageSize, rating: rating)
            if page.gifs.count < Self.pageSize {
                cursor.endIndex = pageOffset + page.gifs.count
            } else if let total = page.totalCount {
                cursor.endIndex = min(total, GiphyLimits.maximumSearchOffset + Self.pageSize)
            }
            let firstIndex = cursor.nextIndex - pageOffset
            if firstIndex < page.gifs.count {
                for gif in page.gifs[firstIndex...] {
                    cursor.nextIndex += 1
                    guard !cursor.shownIDs.contains(gif.id), ContentPolicy.allows(gif, maximum: rating),
                          let card = GifCardBuilder.card(for: gif) else { continue }
                    cursor.shownIDs.insert(gif.id)
                    return .found(gif, card, cursor)
                }
            }
            cursor.nextIndex = max(cursor.nextIndex, pageOffset + Self.pageSize)
        }
        return cursor.isExhausted ? .exhausted(cursor) : .nothingSuitable(cursor)
    }

    /// The first `count` showable results of the first page, for `!gifs`.
    func top(_ count: Int, of query: String) async throws -> [(GiphyGif, GifCard)] {
        let page = try await giphy.search(query, offset: 0, limit: Self.pageSize, rating: rating)
        return Array(page.gifs.lazy.filter { ContentPolicy.allows($0, maximum: rating) }
            .compactMap { gif in GifCardBuilder.card(for: gif).map { (gif, $0) } }
            .prefix(count))
    }
}

extension ConversationMemory.SearchCursor {
    var isExhausted: Bool {
        guard let endIndex else { return false }
        return nextIndex >= endIndex
    }
}

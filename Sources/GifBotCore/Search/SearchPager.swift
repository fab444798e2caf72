import GifSources

/// Walks a query's results in pages of 25 (so paging through them costs one source call per
/// page, the rest served from the cache), on one source per cursor, and picks the next result the user has not seen that
/// the content policy allows and that has a rendition to link.
struct SearchPager {
    static let pageSize = 25
    /// Pages scanned for one command before giving up: results filtered by the content policy
    /// must not cost a beta key's whole hourly budget.
    static let maximumPagesPerCommand = 3

    enum Outcome {
        case found(SourcedGif, GifCard, ConversationMemory.SearchCursor)
        /// No results left.
        case exhausted(ConversationMemory.SearchCursor)
        /// Results remain, but none of the last pages could be shown here.
        case nothingSuitable(ConversationMemory.SearchCursor)
    }

    let context: BotContext
    let rating: ContentRating
    let user: SourceUser?

    func next(after start: ConversationMemory.SearchCursor) async throws -> Outcome {
        var cursor = start
        for _ in 0..<Self.maximumPagesPerCommand {
            if cursor.isExhausted { return .exhausted(cursor) }
            var pageOffset = cursor.nextIndex - cursor.nextIndex % Self.pageSize
            let page = try await context.sources.search(
                cursor.query, offset: pageOffset, limit: Self.pageSize, rating: rating,
                user: user, continuing: cursor.source)
            if page.source != cursor.source {
                // Its source failed mid-search: the results start over on another one. Shown ids
                // carry their source, so none repeats.
                if cursor.source != nil { (cursor.nextIndex, cursor.endIndex, pageOffset) = (0, nil, 0) }
                cursor.source = page.source
            }
            if let end = page.endIndex { cursor.endIndex = end }
            let firstIndex = cursor.nextIndex - pageOffset
            if firstIndex < page.gifs.count {
                for gif in page.gifs[firstIndex...] {
                    cursor.nextIndex += 1
                    guard !cursor.shown.contains(gif.ref), ContentPolicy.allows(gif, maximum: rating),
                        let card = context.card(for: gif)
                    else { continue }
                    cursor.shown.insert(gif.ref)
                    return .found(gif, card.found(by: cursor.query), cursor)
                }
            }
            cursor.nextIndex = max(cursor.nextIndex, pageOffset + Self.pageSize)
        }
        return cursor.isExhausted ? .exhausted(cursor) : .nothingSuitable(cursor)
    }

    /// The first `count` showable results of the first page, for `!gifs`.
    func top(_ count: Int, of query: String) async throws -> [(SourcedGif, GifCard)] {
        let page = try await context.sources.search(
            query, offset: 0, limit: Self.pageSize, rating: rating, user: user, continuing: nil)
        return context.showable(page.gifs, rating: rating, count: count).map { ($0.0, $0.1.found(by: query)) }
    }
}

extension ConversationMemory.SearchCursor {
    var isExhausted: Bool {
        guard let endIndex else { return false }
        return nextIndex >= endIndex
    }
}

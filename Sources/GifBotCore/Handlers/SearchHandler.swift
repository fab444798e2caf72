import GifSources

/// `!gif`, `!more`, `!gifs`: keyword search with paging per user and conversation.
struct SearchHandler {
    static let listSize = 3

    let context: BotContext

    func gif(_ query: String, for message: ChatMessage) async throws -> [Reply] {
        await context.recordSearch(query, for: message)
        let cursor = await context.memory.cursor(context.memoryKey(message), query: query)
        return try await show(from: cursor, for: message)
    }

    func more(for message: ChatMessage) async throws -> [Reply] {
        guard let cursor = await context.memory.lastSearch(context.memoryKey(message)) else {
            return [.text("Nothing to continue yet: search first with \(context.prefix)gif <query>.")]
        }
        if let tag = CollectionHandler.tag(of: cursor) {
            return try await CollectionHandler(context: context).post(tag: tag, from: cursor, for: message)
        }
        return try await show(from: cursor, for: message)
    }

    func gifs(_ query: String, for message: ChatMessage) async throws -> [Reply] {
        await context.recordSearch(query, for: message)
        let rating = await context.rating(for: message)
        let results = try await SearchPager(context: context, rating: rating, user: context.sourceUser(message)).top(
            Self.listSize, of: query)
        guard !results.isEmpty else { return [.text("No GIFs found for \"\(query)\".")] }
        await context.memory.setLastShown(.list, for: context.memoryKey(message))
        return results.enumerated().map { index, result in .gif(result.1.labelled("\(index + 1).")) }
    }

    private func show(from cursor: ConversationMemory.SearchCursor, for message: ChatMessage) async throws -> [Reply] {
        let rating = await context.rating(for: message)
        let key = context.memoryKey(message)
        switch try await SearchPager(context: context, rating: rating, user: context.sourceUser(message)).next(
            after: cursor)
        {
        case .found(let gif, let card, let advanced):
            await context.memory.save(advanced, for: key)
            await context.memory.setLastShown(.gif(gif), for: key)
            return [.gif(card)]
        case .exhausted(let advanced):
            await context.memory.save(advanced, for: key)
            if advanced.shown.isEmpty { return [.text("No GIFs found for \"\(cursor.query)\".")] }
            return [.text("That was the last result for \"\(cursor.query)\"; try another search.")]
        case .nothingSuitable(let advanced):
            await context.memory.save(advanced, for: key)
            return [
                .text(
                    "No more results for \"\(cursor.query)\" suitable for this channel's rating (\(rating)); try \(context.prefix)more again or another search."
                )
            ]
        }
    }
}

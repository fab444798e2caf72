import Giphy

/// `!random`, `!translate`, `!trending`: GIFs that need no paging.
struct DiscoveryHandler {
    /// A random GIF above the rating limit is drawn again, at most this many times in all.
    static let randomAttempts = 3

    let context: BotContext

    func random(tag: String?, for message: ChatMessage) async throws -> [Reply] {
        let rating = await context.rating(for: message)
        let randomID = await personalRandomID(for: message)
        for _ in 0..<Self.randomAttempts {
            guard let gif = try await context.giphy.random(tag: tag, rating: rating, randomID: randomID) else {
                return [.text(tag.map { "No random GIF found for \"\($0)\"." } ?? "GIPHY found no random GIF; try again.")]
            }
            if ContentPolicy.allows(gif, maximum: rating), let card = GifCardBuilder.card(for: gif) {
                await context.memory.setLastShown(.gif(gif), for: context.memoryKey(message))
                return [.gif(card)]
            }
        }
        return [.text("No random GIF suitable for this channel's rating (\(rating)) turned up; try again.")]
    }

    func translate(_ phrase: String, for message: ChatMessage) async throws -> [Reply] {
        let rating = await context.rating(for: message)
        guard let gif = try await context.giphy.translate(phrase, rating: rating) else {
            return [.text("GIPHY has no GIF for \"\(phrase)\".")]
        }
        guard ContentPolicy.allows(gif, maximum: rating), let card = GifCardBuilder.card(for: gif) else {
            return [.text("GIPHY's GIF for \"\(phrase)\" is not suitable for this channel's rating (\(rating)).")]
        }
        await context.memory.setLastShown(.gif(gif), for: context.memoryKey(message))
        return [.gif(card)]
    }

    func trending(count: Int, for message: ChatMessage) async throws -> [Reply] {
        let rating = await context.rating(for: message)
        let page = try await context.giphy.trending(offset: 0, limit: SearchPager.pageSize, rating: rating)
        let shown = Array(page.gifs.lazy.filter { ContentPolicy.allows($0, maximum: rating) }
            .compactMap { gif in GifCardBuilder.card(for: gif).map { (gif, $0) } }
            .prefix(count))
        guard let first = shown.first else { return [.text("Nothing is trending right now that suits this channel.")] }
        let key = context.memoryKey(message)
        if count == 1 {
            await context.memory.setLastShown(.gif(first.0), for: key)
            return [.gif(first.1)]
        }
        await context.memory.setLastShown(.list, for: key)
        return shown.enumerated().map { index, item in .gif(item.1.labelled("\(index + 1).")) }
    }

    /// The user's GIPHY random id (GIPHY avoids repeating random GIFs for the same id), created
    /// on first use. Without it `random` still works, so failures only get logged.
    private func personalRandomID(for message: ChatMessage) async -> String? {
        let user = message.user.storeKey
        do {
            if let stored = try await context.store.randomID(for: user) { return stored }
            let fresh = try await context.giphy.randomID()
            try await context.store.setRandomID(fresh, for: user)
            return fresh
        } catch {
            context.logger.notice("No GIPHY random id for user", metadata: ["user": "\(user)", "error": "\(error)"])
            return nil
        }
    }
}

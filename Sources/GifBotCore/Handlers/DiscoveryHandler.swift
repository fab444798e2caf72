import GifSources
import Logging

/// `!random`, `!translate`, `!trending`: GIFs that need no paging.
struct DiscoveryHandler {
    /// A random GIF above the rating limit is drawn again, at most this many times in all.
    static let randomAttempts = 3

    let context: BotContext

    /// A GIF found for a command, or what to say instead.
    enum Found {
        case found(PreviewCandidate)
        case none([Reply])

        var replies: [Reply] {
            switch self {
            case .found(let candidate): [.gif(candidate.card)]
            case .none(let replies): replies
            }
        }
    }

    func random(tag: String?, for message: ChatMessage) async throws -> [Reply] {
        let found = try await randomCandidate(tag: tag, rating: await context.rating(for: message), for: message)
        if case .found(let candidate) = found {
            await context.memory.setLastShown(.gif(candidate.gif), for: context.memoryKey(message))
        }
        return found.replies
    }

    func randomCandidate(tag: String?, rating: ContentRating, for message: ChatMessage) async throws -> Found {
        let randomID = await personalRandomID(for: message)
        for _ in 0..<Self.randomAttempts {
            let found = try await context.sources.firstAnswer(needing: .random) { source in
                (
                    source.id,
                    try await source.random(
                        tag: tag, rating: rating, randomID: source.id == randomID?.source ? randomID?.id : nil)
                )
            }
            guard let gif = found.1 else {
                return .none([
                    .text(
                        tag.map { "No random GIF found for \"\($0)\"." }
                            ?? "\(found.0.displayName) found no random GIF; try again.")
                ])
            }
            if ContentPolicy.allows(gif, maximum: rating), let card = context.card(for: gif) {
                return .found(PreviewCandidate(gif: gif, card: card))
            }
        }
        return .none([.text("No random GIF suitable for this channel's rating (\(rating)) turned up; try again.")])
    }

    func translate(_ phrase: String, for message: ChatMessage) async throws -> [Reply] {
        let found = try await translateCandidate(phrase, rating: await context.rating(for: message))
        if case .found(let candidate) = found {
            await context.memory.setLastShown(.gif(candidate.gif), for: context.memoryKey(message))
        }
        return found.replies
    }

    func translateCandidate(_ phrase: String, rating: ContentRating) async throws -> Found {
        let found = try await context.sources.firstAnswer(needing: .translate) { source in
            (source.id, try await source.translate(phrase, rating: rating))
        }
        let name = found.0.displayName
        guard let gif = found.1 else {
            return .none([.text("\(name) has no GIF for \"\(phrase)\".")])
        }
        guard ContentPolicy.allows(gif, maximum: rating), let card = context.card(for: gif) else {
            return .none([
                .text("\(name)'s GIF for \"\(phrase)\" is not suitable for this channel's rating (\(rating)).")
            ])
        }
        return .found(PreviewCandidate(gif: gif, card: card))
    }

    func trending(count: Int, for message: ChatMessage) async throws -> [Reply] {
        let rating = await context.rating(for: message)
        let shown = try await trendingCandidates(rating: rating, for: message).prefix(count)
        guard let first = shown.first else { return [.text("Nothing is trending right now that suits this channel.")] }
        let key = context.memoryKey(message)
        if count == 1 {
            await context.memory.setLastShown(.gif(first.gif), for: key)
            return [.gif(first.card)]
        }
        await context.memory.setLastShown(.list, for: key)
        return shown.enumerated().map { index, item in .gif(item.card.labelled("\(index + 1).")) }
    }

    /// Every showable GIF of the first trending page, in order.
    func trendingCandidates(rating: ContentRating, for message: ChatMessage) async throws -> [PreviewCandidate] {
        let user = context.sourceUser(message)
        let page = try await context.sources.firstAnswer {
            try await $0.trending(offset: 0, limit: SearchPager.pageSize, rating: rating, user: user)
        }
        return context.showable(page.gifs, rating: rating, count: SearchPager.pageSize).map {
            PreviewCandidate(gif: $0.0, card: $0.1)
        }
    }

    /// The user's random id at the first source with random GIFs (GIPHY avoids repeating random
    /// GIFs for the same id), created on first use. Only GIPHY has one, so the stored id is
    /// GIPHY's. Without it `random` still works, so failures only get logged.
    private func personalRandomID(for message: ChatMessage) async -> (source: GifSourceID, id: String)? {
        let user = message.user.storeKey
        guard let source = context.sources.sources.first(where: { $0.capabilities.contains(.random) }),
            source.id == .giphy
        else {
            return nil
        }
        do {
            if let stored = try await context.store.randomID(for: user) { return (source.id, stored) }
            let fresh = try await source.randomID()
            // The source's answer is stored and sent back in URLs: only an id-shaped one is kept.
            guard GifIDFormat.isValidRandomID(fresh) else {
                context.logger.notice("GIPHY sent a random id that is not an id; not kept")
                return nil
            }
            try await context.store.setRandomID(fresh, for: user)
            return (source.id, fresh)
        } catch {
            context.logger.notice("No GIPHY random id for user", metadata: ["user": "\(user)", "error": "\(error)"])
            return nil
        }
    }
}

import GifSources
import Logging

/// The gallery's picker, on the bot's own parts: the same sources, cache and rating policy as
/// `!gif`, the same favorites and recent searches, the same cool-down and posting rules. Each
/// action is what a person could do in the channel with a command, and acts in their turn there.
extension GifBot {
    /// Results on one page of the grid: the sources' page size, so the picker and `!more` share
    /// cached pages.
    public static let pickerPageSize = SearchPager.pageSize
    /// Positions past this are not asked for (GIPHY refuses offsets past 4,999).
    static let maximumPickerOffset = 4_975
    /// Suggestions offered while typing.
    static let pickerSuggestionCount = 8

    /// One page of a search or of what is trending, as `user` may see it in `channel`: only what
    /// its rating allows and chat could show. A search from the first page is a recent search
    /// of theirs, as `!gif` records it.
    public func pickerResults(
        _ listing: PickerListing, offset requested: Int, for user: ChatUser, in channel: String
    ) async throws -> PickerResults {
        let message = pickerMessage(user, channel)
        let rating = await context.rating(for: message)
        let size = Self.pickerPageSize
        let offset = min(max(0, requested), Self.maximumPickerOffset) / size * size
        let sourceUser = context.sourceUser(message)
        let page: SourcedPage
        var query: String?
        do {
            switch listing {
            case .search(let text):
                query = text
                if offset == 0 { await context.recordSearch(text, for: message) }
                page = try await context.sources.search(
                    text, offset: offset, limit: size, rating: rating, user: sourceUser, continuing: nil)
            case .trending:
                page = try await context.sources.firstAnswer {
                    try await $0.trending(offset: offset, limit: size, rating: rating, user: sourceUser)
                }
            }
        } catch {
            throw pickerFailure(error)
        }
        var seen = Set<String>()
        let cards = context.showable(page.gifs, rating: rating, count: size).compactMap { _, card in
            seen.insert(card.id).inserted ? (query.map { card.found(by: $0) } ?? card) : nil
        }
        let next = offset + size
        let ended = page.gifs.isEmpty || page.endIndex.map { $0 <= next } == true || next > Self.maximumPickerOffset
        return PickerResults(cards: cards, nextOffset: ended ? nil : next)
    }

    /// How the picker names `channel` to the people in it: the name its network knows for it
    /// (a Matrix room's), cleaned as any outside text, else its id.
    public func conversationName(_ channel: CollectionChannel) async -> String {
        guard let name = await posters.conversationName(channel.channel, on: channel.network) else {
            return channel.channel
        }
        let cleaned = TextSanitizer.truncate(TextSanitizer.clean(name), to: Self.maximumConversationName)
        return cleaned.isEmpty ? channel.channel : cleaned
    }

    /// Room names are the room's members' to choose: long ones are cut for the page.
    static let maximumConversationName = 80

    /// The most `channel`'s rating allows, as `!gif` there would apply it.
    public func pickerRating(for user: ChatUser, in channel: String) async -> ContentRating {
        await context.rating(for: pickerMessage(user, channel))
    }

    /// One GIF by id, as `!info <id>` in `channel` would find it: refused when the id is not one,
    /// or the channel's rating does not allow it.
    public func pickerGif(
        _ gifID: String, for user: ChatUser, in channel: String
    ) async -> Result<GifCard, PickerFailure> {
        do {
            switch try await GifReference(context: context).resolve(
                id: gifID, command: .info, for: pickerMessage(user, channel))
            {
            case .refusal(let text): return .failure(PickerFailure(message: text))
            case .gif(_, let card): return .success(card)
            }
        } catch {
            return .failure(pickerFailure(error))
        }
    }

    /// Search terms that complete `prefix`, from the first source that has them; none on failure
    /// (typing goes on without them).
    public func searchSuggestions(for prefix: String) async -> [String] {
        let limit = Self.pickerSuggestionCount
        let terms = try? await context.sources.firstAnswer(needing: nil) {
            try await $0.autocomplete(prefix, limit: limit)
        }
        return Array(TermsHandler.clean(terms ?? []).prefix(limit))
    }

    /// Today's trending searches (as `!trends` lists them); none on failure.
    public func trendingSearches() async -> [String] {
        TermsHandler.clean((try? await context.sources.firstAnswer { try await $0.trendingSearches() }) ?? [])
    }

    /// `user`'s recent searches, newest first, as `!recent` lists them.
    public func recentSearches(of user: UserKey) async throws -> [String] {
        await context.recentSearches.flush()
        return try await context.store.recentSearches(for: user, limit: context.settings.recentLimit)
    }

    /// `!fav <id>` (or `!unfav <id>`) said by `user` in `channel`: the same limits and rating,
    /// and the same reply, which the picker shows.
    public func pickerFavorite(_ gifID: String, on: Bool, by user: ChatUser, in channel: String) async -> String {
        let message = pickerMessage(user, channel)
        return await inTurn(of: message) {
            do {
                let handler = FavoritesHandler(context: context)
                let replies =
                    on ? try await handler.fav(id: gifID, for: message) : try await handler.unfav(gifID, for: message)
                return replies.map(\.line).joined(separator: " ")
            } catch {
                return pickerFailure(error).message
            }
        }
    }

    /// Posts `gifID` into `channel` as if `user` had asked for it there with `!gif` and chosen it:
    /// the channel's cool-down counts it, its rating is checked again here (whatever a form
    /// says), the caption is cleaned as a typed one, and the source hears it was posted. The post
    /// names the picker as their network would (`UserNameResolving.displayName`), from their id.
    public func pick(
        _ gifID: String, caption: String?, by user: ChatUser, in channel: String,
        now: ContinuousClock.Instant = .now
    ) async -> PickOutcome {
        let message = pickerMessage(user, channel, at: now)
        return await inTurn(of: message) {
            let outcome = await post(gifID, caption: caption, as: message)
            metrics.pickerPosted(outcome)
            return outcome
        }
    }

    private func post(_ gifID: String, caption: String?, as message: ChatMessage) async -> PickOutcome {
        let limits = await context.cooldownLimits(for: message)
        switch await cooldown.admit(
            message.user.storeKey, limit: limits.commands, window: limits.window, now: message.receivedAt)
        {
        case .allowed: break
        case .limited(let seconds): return .refused("You're posting too fast; try again in \(seconds) s.")
        case .ignored: return .refused("You're posting too fast; wait a little and try again.")
        }
        let gif: SourcedGif, card: GifCard
        do {
            switch try await GifReference(context: context).resolve(id: gifID, command: .info, for: message) {
            case .refusal(let text): return .refused(text)
            case .gif(let resolved, let resolvedCard): (gif, card) = (resolved, resolvedCard)
            }
        } catch {
            return .refused(pickerFailure(error).message)
        }
        let posted = card.captioned(caption.flatMap(GifCaption.clean))
        let pick = PickedGif(
            card: posted, conversation: message.conversation,
            pickerName: context.names.displayName(forUserID: message.user.id, network: message.user.network),
            pickerID: message.user.id)
        switch await posters.post(pick, on: message.user.network) {
        case nil: return .refused("GifBot is not on that network now; try again later.")
        case .unavailable?: return .refused("GifBot is not in \(message.conversation) now; try again later.")
        case .posted?: break
        }
        await context.memory.setLastShown(.gif(gif), for: context.memoryKey(message))
        await reportPosted([.gif(posted)], by: message.user)
        return .posted
    }

    /// The line a person would have said in the channel, for the rules that read one.
    private func pickerMessage(
        _ user: ChatUser, _ channel: String, at now: ContinuousClock.Instant = .now
    ) -> ChatMessage {
        ChatMessage(user: user, conversation: channel, text: "", receivedAt: now)
    }

    private func inTurn<Value: Sendable>(
        of message: ChatMessage, _ body: () async -> Value
    ) async -> Value {
        let turn = reserveTurn(for: message)
        await turns.wait(for: turn)
        defer { turns.finish(turn) }
        return await body()
    }

    private func pickerFailure(_ error: any Error) -> PickerFailure {
        if let failure = error as? GifSourceFailure {
            context.logger.info(
                "GIF source request failed",
                metadata: ["source": "\(failure.source.rawValue)", "error": "\(failure.error)"])
            return PickerFailure(message: ErrorReplies.message(for: failure))
        }
        context.logger.error("Picker request failed", metadata: ["error": "\(error)"])
        return PickerFailure(message: ErrorReplies.internalFailure)
    }
}

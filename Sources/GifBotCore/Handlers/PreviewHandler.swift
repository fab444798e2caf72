import GifSources

/// `!gif?`, `!preview`, `!send`, `!shuffle`, `!cancel`, `!pick`, and the previews that
/// required mode makes of `!gif`, `!random`, `!translate`, `!trending` and `!gifs`.
struct PreviewHandler {
    let context: BotContext

    // MARK: Mode

    /// The channel's mode; private conversations have none (only the asker sees anything there).
    func mode(for message: ChatMessage) async -> PreviewMode {
        guard !message.isPrivate else { return .optional }
        let stored = await context.channelSettings.settings(
            network: message.user.network, channel: message.conversation)
        return stored.previewMode.flatMap(PreviewMode.init(parameter:)) ?? .optional
    }

    func isRequired(for message: ChatMessage) async -> Bool {
        await mode(for: message) == .required
    }

    func setMode(_ requested: PreviewMode?, for message: ChatMessage) async throws -> [Reply] {
        guard let requested else {
            guard !message.isPrivate else { return [.text("Previews are for channels; here only you see my answers.")] }
            return [.text(Self.describe(await mode(for: message), prefix: context.prefix))]
        }
        if message.isPrivate { return [.text("Channel settings are changed in the channel itself.")] }
        if !message.senderIsAdmin { return [.text(message.onlyAdmins(can: "change this channel's settings"))] }
        try await context.channelSettings.change(
            .previewMode(requested.parameter), network: message.user.network, channel: message.conversation)
        return [.text("From now on: \(Self.describe(requested, prefix: context.prefix))")]
    }

    private static func describe(_ mode: PreviewMode, prefix: String) -> String {
        switch mode {
        case .off: "Previews are off in this channel: every GIF is posted at once."
        case .optional:
            "Previews are optional in this channel: \(prefix)gif? <query> shows you a GIF before it is posted."
        case .required: "Previews are required in this channel: every GIF is shown to its asker before it is posted."
        }
    }

    // MARK: Opening

    func search(_ query: String, caption: String? = nil, for message: ChatMessage) async throws -> [Reply] {
        if message.isPrivate {
            return try await SearchHandler(context: context).gif(query, caption: caption, for: message)
        }
        guard await mode(for: message) != .off else {
            return [.text("Previews are off in this channel; \(context.prefix)gif posts a GIF at once.")]
        }
        await context.recordSearch(query, for: message)
        let cursor = await context.memory.cursor(context.memoryKey(message), query: query)
        return try await openFromSearch(cursor, caption: caption, for: message)
    }

    func random(tag: String?, for message: ChatMessage) async throws -> [Reply] {
        let rating = await context.rating(for: message)
        let found = try await DiscoveryHandler(context: context).randomCandidate(tag: tag, rating: rating, for: message)
        guard case .found(let candidate) = found else { return found.replies }
        return await open(.single(candidate, deck: .random(tag: tag), shown: ShownGifs(candidate)), for: message)
    }

    func translate(_ phrase: String, for message: ChatMessage) async throws -> [Reply] {
        let rating = await context.rating(for: message)
        let found = try await DiscoveryHandler(context: context).translateCandidate(phrase, rating: rating)
        guard case .found(let candidate) = found else { return found.replies }
        // Shuffling a translation goes on through the phrase's search results.
        var cursor = ConversationMemory.SearchCursor(
            query: phrase, normalisedQuery: ConversationMemory.normalise(phrase))
        cursor.shown.insert(candidate.gif.ref)
        return await open(.single(candidate, deck: .search(cursor), shown: ShownGifs(candidate)), for: message)
    }

    func trending(count: Int, for message: ChatMessage) async throws -> [Reply] {
        let rating = await context.rating(for: message)
        let page = try await DiscoveryHandler(context: context).trendingCandidates(rating: rating, for: message)
        guard let first = page.first else { return [.text("Nothing is trending right now that suits this channel.")] }
        if count == 1 {
            return await open(
                .single(first, deck: .remaining(Array(page.dropFirst())), shown: ShownGifs(first)), for: message)
        }
        return await open(.list(Array(page.prefix(count)).labelled(), shownPrivately: true), for: message)
    }

    /// A `!gifs` list: in required mode shown to the asker alone, otherwise posted as before;
    /// either way `!pick n` posts one of it.
    func list(_ candidates: [PreviewCandidate], privately: Bool, for message: ChatMessage) async -> [Reply] {
        let labelled = candidates.labelled()
        if privately { return await open(.list(labelled, shownPrivately: true), for: message) }
        let replaced = await openPreview(.list(labelled, shownPrivately: false), for: message)
        return labelled.map { .gif($0.card) } + Self.takeBack(replaced)
    }

    /// A replaced preview is taken back after the new one is shown (the answers' own order, and
    /// so a network's ids for them, stays what it was without previews); a replaced list everyone
    /// saw stays.
    private static func takeBack(_ replaced: WithdrawnPreview?) -> [Reply] {
        guard let replaced, replaced.shownPrivately else { return [] }
        return [.withdrawPreview(replaced)]
    }

    private func openFromSearch(
        _ cursor: ConversationMemory.SearchCursor, caption: String?, for message: ChatMessage
    ) async throws
        -> [Reply]
    {
        let rating = await context.rating(for: message)
        let key = context.memoryKey(message)
        switch try await SearchPager(context: context, rating: rating, user: context.sourceUser(message)).next(
            after: cursor)
        {
        case .found(let gif, let card, let advanced):
            await context.memory.save(advanced, for: key)
            let candidate = PreviewCandidate(gif: gif, card: card)
            return await open(
                .single(candidate, deck: .search(advanced), shown: ShownGifs(candidate)), caption: caption,
                for: message)
        case .exhausted(let advanced), .nothingSuitable(let advanced):
            await context.memory.save(advanced, for: key)
            return [.text("No GIFs found for \"\(cursor.query)\" suitable for this channel.")]
        }
    }

    private func open(_ offer: OpenPreview.Offer, caption: String? = nil, for message: ChatMessage) async -> [Reply] {
        var preview = await makePreview(offer, for: message)
        preview.caption = caption
        let replaced = await context.previews.open(preview, now: message.receivedAt)
        return [.preview(card(for: preview, isShuffle: false))]
            + Self.takeBack(replaced.map { withdrawal(of: $0, .replaced) })
    }

    /// Opens a public list (nothing to show privately); returns the withdrawal of what it replaced.
    private func openPreview(_ offer: OpenPreview.Offer, for message: ChatMessage) async -> WithdrawnPreview? {
        let preview = await makePreview(offer, for: message)
        return await context.previews.open(preview, now: message.receivedAt).map { withdrawal(of: $0, .replaced) }
    }

    private func makePreview(_ offer: OpenPreview.Offer, for message: ChatMessage) async -> OpenPreview {
        OpenPreview(
            id: await context.previews.nextID(), asker: message.user, conversation: message.conversation,
            originMessageID: message.messageID, expiresAt: message.receivedAt + context.settings.previewDuration,
            offer: offer)
    }

    // MARK: Answering

    func send(for message: ChatMessage) async -> [Reply] {
        guard let preview = await openPreview(for: message) else { return noPreview }
        return await send(preview)
    }

    /// A reaction to a preview's message answers it as the command would, when it comes from
    /// the asker or an admin; anyone else's reaction does nothing.
    func answer(_ reaction: ChatReaction) async throws -> [Reply] {
        guard let answer = PreviewReaction(plainKey: reaction.plainKey),
            let preview = await context.previews.find(
                shownMessageID: reaction.messageID, conversation: reaction.conversation, now: reaction.receivedAt),
            reaction.user.storeKey == preview.asker.storeKey || reaction.senderIsAdmin
        else { return [] }
        // Acts as the asker would have: their rating, their search state.
        let asAsker = ChatMessage(
            user: preview.asker, conversation: preview.conversation, text: "", senderIsAdmin: reaction.senderIsAdmin,
            receivedAt: reaction.receivedAt, senderIsMember: reaction.senderIsMember)
        switch answer {
        case .send: return await send(preview)
        case .shuffle: return try await shuffle(preview, for: asAsker)
        case .cancel: return await cancel(preview)
        case .pick(let number): return await pick(number, from: preview)
        }
    }

    private func send(_ preview: OpenPreview) async -> [Reply] {
        guard case .single(let candidate, _, _) = preview.offer else {
            return [.notice("Pick one of the list with \(context.prefix)pick <n>, or \(context.prefix)cancel.")]
        }
        return await post(candidate, closing: preview)
    }

    func pick(_ number: Int, for message: ChatMessage) async -> [Reply] {
        guard let preview = await openPreview(for: message) else {
            return [.notice("There is no list to pick from; \(context.prefix)gifs <query> shows one.")]
        }
        return await pick(number, from: preview)
    }

    private func pick(_ number: Int, from preview: OpenPreview) async -> [Reply] {
        guard case .list(let candidates, _) = preview.offer else {
            return [
                .notice(
                    "Your preview has one GIF: \(context.prefix)send, \(context.prefix)shuffle or \(context.prefix)cancel."
                )
            ]
        }
        guard candidates.indices.contains(number - 1) else {
            return [.notice("Choose a number from 1 to \(candidates.count).")]
        }
        var chosen = candidates[number - 1]
        chosen = PreviewCandidate(gif: chosen.gif, card: chosen.card.unlabelled)
        return await post(chosen, closing: preview)
    }

    func cancel(for message: ChatMessage) async -> [Reply] {
        guard let preview = await openPreview(for: message) else { return noPreview }
        return await cancel(preview)
    }

    private func cancel(_ preview: OpenPreview) async -> [Reply] {
        guard await context.previews.close(preview.id, key: preview.key) != nil else { return noPreview }
        return [.withdrawPreview(withdrawal(of: preview, .cancelled))]
    }

    func shuffle(for message: ChatMessage) async throws -> [Reply] {
        guard let preview = await openPreview(for: message) else { return noPreview }
        return try await shuffle(preview, for: message)
    }

    private func shuffle(_ preview: OpenPreview, for message: ChatMessage) async throws -> [Reply] {
        var preview = preview
        guard case .single(_, let deck, var shown) = preview.offer else {
            return [.notice("Pick one of the list with \(context.prefix)pick <n>, or \(context.prefix)cancel.")]
        }
        let rating = await context.rating(in: preview.conversation, of: message)
        guard let (next, nextDeck) = try await draw(from: deck, shown: shown, rating: rating, for: message) else {
            return [.notice("That was the last GIF I can offer; \(context.prefix)send, or \(context.prefix)cancel.")]
        }
        shown.insert(next.gif.ref)
        preview.offer = .single(next, deck: nextDeck, shown: shown)
        // Each new GIF gets the full time to decide.
        preview.expiresAt = message.receivedAt + context.settings.previewDuration
        guard await context.previews.update(preview) else { return noPreview }
        return [.preview(card(for: preview, isShuffle: true))]
    }

    /// The next candidate no earlier one of this preview showed, and the deck after it.
    private func draw(
        from deck: PreviewDeck, shown: ShownGifs, rating: ContentRating, for message: ChatMessage
    ) async throws -> (PreviewCandidate, PreviewDeck)? {
        switch deck {
        case .search(var cursor):
            // A cursor shares the preview's memory of what was shown, whatever came first.
            cursor.shown = cursor.shown.union(shown)
            let pager = SearchPager(context: context, rating: rating, user: context.sourceUser(message))
            guard case .found(let gif, let card, let advanced) = try await pager.next(after: cursor) else { return nil }
            return (PreviewCandidate(gif: gif, card: card), .search(advanced))
        case .random(let tag):
            for _ in 0..<DiscoveryHandler.randomAttempts {
                let found = try await DiscoveryHandler(context: context).randomCandidate(
                    tag: tag, rating: rating, for: message)
                guard case .found(let candidate) = found else { return nil }
                if !shown.contains(candidate.gif.ref) { return (candidate, deck) }
            }
            return nil
        case .remaining(var rest):
            while !rest.isEmpty {
                let next = rest.removeFirst()
                if !shown.contains(next.gif.ref) { return (next, .remaining(rest)) }
            }
            return nil
        }
    }

    private func post(_ candidate: PreviewCandidate, closing preview: OpenPreview) async -> [Reply] {
        guard await context.previews.close(preview.id, key: preview.key) != nil else { return noPreview }
        await context.memory.setLastShown(
            .gif(candidate.gif),
            for: ConversationMemory.Key(user: preview.asker.storeKey, conversation: preview.conversation))
        return [
            .postPreview(
                ChosenPreview(
                    previewID: preview.id, conversation: preview.conversation, askerName: preview.asker.displayName,
                    originMessageID: preview.originMessageID, shownMessageID: preview.shownMessageID,
                    card: candidate.card.captioned(preview.caption), shownPrivately: preview.isShownPrivately,
                    fromList: preview.isList))
        ]
    }

    /// The asker's preview here; from a private message, their latest one anywhere.
    private func openPreview(for message: ChatMessage) async -> OpenPreview? {
        await context.previews.find(
            user: message.user.storeKey, conversation: message.conversation, anywhere: message.isPrivate,
            now: message.receivedAt)
    }

    private var noPreview: [Reply] {
        [.notice("You have no open preview; \(context.prefix)gif? <query> starts one.")]
    }

    private func card(for preview: OpenPreview, isShuffle: Bool) -> PreviewCard {
        let choices: [GifCard] =
            switch preview.offer {
            case .single(let candidate, _, _): [candidate.card.captioned(preview.caption)]
            case .list(let candidates, _): candidates.map(\.card)
            }
        return PreviewCard(
            previewID: preview.id, conversation: preview.conversation, askerID: preview.asker.id,
            askerName: preview.asker.displayName, choices: choices, prefix: context.prefix, isShuffle: isShuffle,
            originMessageID: preview.originMessageID, shownMessageID: preview.shownMessageID)
    }

    func withdrawal(of preview: OpenPreview, _ reason: WithdrawnPreview.Reason) -> WithdrawnPreview {
        let note: String? =
            switch reason {
            case .cancelled: "Cancelled; nothing was posted to \(preview.conversation)."
            case .expired, .replaced: nil
            }
        return WithdrawnPreview(
            previewID: preview.id, conversation: preview.conversation, reason: reason, note: note,
            shownMessageID: preview.shownMessageID,
            shownPrivately: preview.isShownPrivately)
    }
}

extension ShownGifs {
    fileprivate init(_ candidate: PreviewCandidate) {
        self.init()
        insert(candidate.gif.ref)
    }
}

extension [PreviewCandidate] {
    fileprivate func labelled() -> [PreviewCandidate] {
        enumerated().map { index, candidate in
            PreviewCandidate(gif: candidate.gif, card: candidate.card.labelled("\(index + 1)."))
        }
    }
}

import GifSources
import Logging

/// The protocol-agnostic bot: an adapter hands it a `ChatMessage` and renders the `Reply`
/// values it returns. It never throws and never crashes on input: every failure becomes a short
/// reply or a log line.
public final class GifBot: Sendable {
    let context: BotContext
    private let parser: CommandParser
    let cooldown: CommandCooldown
    let metrics: BotMetrics
    let turns = CommandTurns()
    private let postedGifs = PostedGifMessages()
    private let postedReports: PostedGifReporter
    /// How each network posts what a person picked in the gallery; the adapters register here.
    public let posters = ConversationPosters()

    /// - Parameters:
    ///   - sources: the GIF sources in `gifs.sources` order, at least one.
    ///   - backgroundExecutor: where the work done behind replies runs (recent searches written,
    ///     posted GIFs reported); Swift's global pool when nil.
    public init(
        sources: [any GifSource], store: any CoreStore, settings: BotSettings,
        names: any UserNameResolving = NetworkUserNames(), metrics: BotMetrics = BotMetrics(),
        webLinks: (any WebLinkIssuing)? = nil, backgroundExecutor: (any TaskExecutor)? = nil, logger: Logger
    ) {
        context = BotContext(
            sources: FallbackSources(sources, logger: logger), store: store, settings: settings,
            memory: ConversationMemory(),
            names: names, channelSettings: ChannelSettingsCache(store: store, logger: logger),
            favorites: FavoritesCache(store: store),
            recentSearches: RecentSearchWriter(
                store: store, limit: settings.recentLimit, logger: logger, executor: backgroundExecutor),
            previews: PreviewBoard(), webLinks: webLinks, logger: logger)
        parser = CommandParser(prefix: settings.prefix)
        cooldown = CommandCooldown()
        self.metrics = metrics
        postedReports = PostedGifReporter(
            sources: sources, metrics: metrics, logger: logger, executor: backgroundExecutor)
    }

    /// What commands start with (`!` by default), for adapters that name a command.
    public var commandPrefix: String { context.settings.prefix }

    /// Whether a line is a command of this bot, without running it.
    public func isCommand(_ text: String) -> Bool { parser.parse(text) != nil }

    /// The previews `connection` showed (see `previewShown`) that expired unanswered since its
    /// last call, for it to take back what it showed (a Matrix preview message is redacted). Each
    /// connection gets only its own: one Matrix account cannot redact another's message. Networks
    /// whose previews only their asker saw (IRC notices) need not call it: an expired preview
    /// posts nothing either way.
    public func expiredPreviews(
        shownBy connection: String, now: ContinuousClock.Instant = .now
    ) async
        -> [WithdrawnPreview]
    {
        let handler = previews
        return await context.previews.sweep(shownBy: connection, now: now).map { handler.withdrawal(of: $0, .expired) }
    }

    /// When the next preview `connection` showed expires, nil when it shows none: a network
    /// sweeps `expiredPreviews` then, not on a timer.
    public func nextPreviewExpiry(shownBy connection: String) async -> ContinuousClock.Instant? {
        await context.previews.nextExpiry(shownBy: connection)
    }

    /// Notes which network message shows a preview (`Reply.preview`) and which of the network's
    /// connections (a Matrix account) showed it, for networks that show previews as messages
    /// with reaction buttons: reactions to it then answer it, and that connection takes it back
    /// when it expires. False when the preview is already closed (it expired while it was being
    /// sent): the network takes the message back at once.
    @discardableResult
    public func previewShown(
        _ previewID: UInt64, in conversation: String, as messageID: String, by connection: String,
        now: ContinuousClock.Instant = .now
    ) async -> Bool {
        await context.previews.attach(
            messageID: messageID, shownBy: connection, to: previewID, conversation: conversation, now: now)
    }

    /// Notes which GIF a network message of the bot's shows (a `Reply.gif` posted, or a preview
    /// turned into its post), for networks with reactions: a 💾 on it then saves that GIF to the
    /// channel's collection as `!save <id>` would.
    public func gifPosted(_ gifID: String, in conversation: String, as messageID: String) {
        postedGifs.record(gifID: gifID, conversation: conversation, messageID: messageID)
    }

    /// The replies to a reaction to one of the bot's messages; empty when it means nothing (not a
    /// preview's button, or not from the preview's asker or an admin; not a 💾 on a GIF the bot
    /// posted). It acts in its sender's turn in the conversation, after their commands handed
    /// over before it.
    public func handle(_ reaction: ChatReaction) async -> [Reply] {
        let turn = turns.reserve(CommandTurns.Key(user: reaction.user.storeKey, conversation: reaction.conversation))
        await turns.wait(for: turn)
        defer { turns.finish(turn) }
        if reaction.plainKey == Self.saveReaction {
            return await save(reacting: reaction)
        }
        do {
            let replies = try await previews.answer(reaction)
            await reportPosted(replies, by: reaction.user)
            return replies
        } catch let failure as GifSourceFailure {
            return [.text(ErrorReplies.message(for: failure))]
        } catch {
            context.logger.error("Reaction failed", metadata: ["error": "\(error)"])
            return [.text(ErrorReplies.internalFailure)]
        }
    }

    /// A person's favorites, newest first, through the cache `!favs` reads (the web gallery's view).
    public func favorites(of user: UserKey) async throws -> [Favorite] {
        try await context.favorites.favorites(for: user)
    }

    /// Removes a favorite through the cache `!favs` reads, so chat sees it gone at once; false when
    /// it was not there.
    public func removeFavorite(_ gifID: String, of user: UserKey) async throws -> Bool {
        try await context.favorites.remove(gifID, for: user)
    }

    /// The reaction that saves a GIF to the channel's collection (U+1F4BE FLOPPY DISK).
    static let saveReaction = "\u{1F4BE}"

    /// A 💾 on a GIF the bot posted is `!save <id>` without tags, by the reacting member: the same
    /// cooldown, permissions, limits, replies and metric. On any other message it means nothing.
    private func save(reacting reaction: ChatReaction) async -> [Reply] {
        guard let gifID = postedGifs.gifID(conversation: reaction.conversation, messageID: reaction.messageID) else {
            return []
        }
        let message = ChatMessage(
            user: reaction.user, conversation: reaction.conversation, isPrivate: false,
            text: "\(context.prefix)save \(gifID)", senderIsAdmin: reaction.senderIsAdmin,
            receivedAt: reaction.receivedAt, senderIsMember: reaction.senderIsMember)
        let command = Command.save(id: gifID, tags: [])
        let started = ContinuousClock.now
        let (replies, outcome) = await answer(command, message)
        metrics.commandHandled(command, outcome: outcome, duration: .now - started)
        return replies
    }

    /// Writes what is written behind (recent searches); call before closing the store. Reports
    /// of posted GIFs still waiting are dropped: a slow source must not hold up a shutdown.
    public func finishPendingWrites() async {
        await context.recentSearches.flush()
        await postedReports.stop()
    }

    /// Returns once every posted GIF so far was reported to its source (tests).
    func flushPostedReports() async {
        await postedReports.flush()
    }

    /// The replies to one line of chat; empty when the line is not a command of this bot. For
    /// adapters that answer one line at a time: the line acts after every line of the same
    /// person in the same conversation handed to the bot before it.
    public func handle(_ message: ChatMessage) async -> [Reply] {
        await handle(message, in: reserveTurn(for: message))
    }

    /// Reserves `message`'s place in its sender's order in its conversation. Call it as lines
    /// arrive, in arrival order, then answer each with `handle(_:in:)` from any task: an answer
    /// waits for the turns before it. Every reserved turn must be handed to `handle(_:in:)`.
    public func reserveTurn(for message: ChatMessage) -> CommandTurn {
        turns.reserve(CommandTurns.Key(user: message.user.storeKey, conversation: message.conversation))
    }

    /// `user` is no longer in channel `conversation` (parted, kicked, quit; on Matrix left or
    /// banned): their gallery grant for it ends. Reserve its turn as the leave arrives, in
    /// arrival order with the lines (`reserveTurn(forLeaving:)`): a `!web` said just before
    /// leaving grants first, then this revokes it.
    public func memberLeft(_ user: ChatUser, from conversation: String, in turn: CommandTurn) async {
        await turns.wait(for: turn)
        defer { turns.finish(turn) }
        guard let links = context.webLinks else { return }
        do {
            try await links.revokeChannel(conversation, for: user.storeKey)
        } catch {
            context.logger.warning("Could not end a gallery grant", metadata: ["error": "\(error)"])
        }
    }

    /// The turn `memberLeft(_:from:in:)` acts in.
    public func reserveTurn(forLeaving conversation: String, by user: ChatUser) -> CommandTurn {
        turns.reserve(CommandTurns.Key(user: user.storeKey, conversation: conversation))
    }

    /// `memberLeft(_:from:in:)` for adapters that hand events over one at a time (Matrix).
    public func memberLeft(_ user: ChatUser, from conversation: String) async {
        await memberLeft(user, from: conversation, in: reserveTurn(forLeaving: conversation, by: user))
    }

    /// The replies to one line, acted on in its turn (see `reserveTurn(for:)`).
    public func handle(_ message: ChatMessage, in turn: CommandTurn) async -> [Reply] {
        await turns.wait(for: turn)
        defer { turns.finish(turn) }
        return await answer(message)
    }

    private func answer(_ message: ChatMessage) async -> [Reply] {
        guard let command = parser.parse(message.text) else { return [] }
        let started = ContinuousClock.now
        let (replies, outcome) = await answer(command, message)
        metrics.commandHandled(command, outcome: outcome, duration: .now - started)
        await reportPosted(replies, by: message.user)
        return replies
    }

    /// Hands every GIF these replies post (not a preview, not a list to pick from) to the
    /// sources that want to hear of it, behind the reply (see `PostedGifReporter`).
    func reportPosted(_ replies: [Reply], by user: ChatUser) async {
        guard postedReports.isNeeded else { return }
        for reply in replies {
            let card: GifCard
            switch reply {
            case .gif(let shown) where shown.label == nil: card = shown
            case .postPreview(let chosen): card = chosen.card
            default: continue
            }
            guard let ref = GifIDFormat.ref(card.id), postedReports.wants(ref) else { continue }
            await postedReports.record(
                PostedGifReporter.Report(
                    ref: ref, query: card.searchQuery,
                    user: SourceUser(network: user.storeKey.network, userID: user.storeKey.userID)))
        }
    }

    private func answer(_ command: Command, _ message: ChatMessage) async -> ([Reply], CommandOutcome) {
        let limits = await context.cooldownLimits(for: message)
        switch await cooldown.admit(
            message.user.storeKey, limit: limits.commands, window: limits.window,
            now: message.receivedAt)
        {
        case .allowed:
            break
        case .limited(let seconds):
            return ([.notice("You're sending commands too fast; I'll listen again in \(seconds) s.")], .cooldown)
        case .ignored:
            return ([], .cooldown)
        }
        if let refusal = ChannelMembershipRule.refusal(of: command, for: message) { return ([refusal], .notMember) }
        do {
            return (try await route(command, message), .ok)
        } catch let failure as GifSourceFailure {
            context.logger.info(
                "GIF source request failed",
                metadata: [
                    "source": "\(failure.source.rawValue)", "error": "\(failure.error)", "command": "\(command)",
                ])
            return ([.text(ErrorReplies.message(for: failure))], .giphyError)
        } catch {
            context.logger.error("Command failed", metadata: ["error": "\(error)", "command": "\(command)"])
            return ([.text(ErrorReplies.internalFailure)], .error)
        }
    }

    private var previews: PreviewHandler { PreviewHandler(context: context) }

    private func route(_ command: Command, _ message: ChatMessage) async throws -> [Reply] {
        switch command {
        case .gif(let query, let caption):
            if await previews.isRequired(for: message) {
                try await previews.search(query, caption: caption, for: message)
            } else {
                try await SearchHandler(context: context).gif(query, caption: caption, for: message)
            }
        case .more: try await SearchHandler(context: context).more(for: message)
        case .gifs(let query):
            try await SearchHandler(context: context).gifs(
                query, privately: await previews.isRequired(for: message), for: message)
        case .random(let tag):
            if await previews.isRequired(for: message) {
                try await previews.random(tag: tag, for: message)
            } else {
                try await DiscoveryHandler(context: context).random(tag: tag, for: message)
            }
        case .translate(let phrase):
            if await previews.isRequired(for: message) {
                try await previews.translate(phrase, for: message)
            } else {
                try await DiscoveryHandler(context: context).translate(phrase, for: message)
            }
        case .trending(let count):
            if await previews.isRequired(for: message) {
                try await previews.trending(count: count, for: message)
            } else {
                try await DiscoveryHandler(context: context).trending(count: count, for: message)
            }
        case .trends: try await TermsHandler(context: context).trends()
        case .suggest(let prefix): try await TermsHandler(context: context).suggest(prefix)
        case .related(let term): try await TermsHandler(context: context).related(term)
        case .info(let id): try await InfoHandler(context: context).info(id: id, for: message)
        case .fav(let id): try await FavoritesHandler(context: context).fav(id: id, for: message)
        case .unfav(let target): try await FavoritesHandler(context: context).unfav(target, for: message)
        case .favs(let user, let page):
            try await FavoritesHandler(context: context).favs(ofName: user, page: page, for: message)
        case .recent: try await RecentHandler(context: context).recent(for: message)
        case .clearRecent: try await RecentHandler(context: context).clear(for: message)
        case .help(let topic): HelpHandler(context: context).help(topic: topic)
        case .about: HelpHandler(context: context).about()
        case .usage(let name): HelpHandler(context: context).usage(name)
        case .undo: [.undoLastGif]
        case .rating(let rating): try await AdminHandler(context: context).rating(rating, for: message)
        case .cooldown(let commands, let seconds):
            try await AdminHandler(context: context).setCooldown(commands: commands, seconds: seconds, for: message)
        case .showCooldown: await AdminHandler(context: context).showCooldown(for: message)
        case .web: try await WebHandler(context: context).link(for: message)
        case .gifTag(let tag):
            try await CollectionHandler(context: context).post(
                tag: tag, from: await context.memory.cursor(context.memoryKey(message), query: "#\(tag)"), for: message)
        case .save(let id, let tags):
            try await CollectionHandler(context: context).save(id: id, tags: tags, for: message)
        case .tag(let id, let tags): try await CollectionHandler(context: context).tag(id: id, tags: tags, for: message)
        case .untag(let id, let tag):
            try await CollectionHandler(context: context).untag(id: id, tag: tag, for: message)
        case .forget(let id): try await CollectionHandler(context: context).forget(id: id, for: message)
        case .collection(let tag, let page):
            try await CollectionHandler(context: context).list(tag: tag, page: page, for: message)
        case .collectionSavers(let savers):
            try await CollectionHandler(context: context).setSavers(savers, for: message)
        case .collectionPublic(let isPublic):
            try await CollectionHandler(context: context).setPublic(isPublic, for: message)
        case .invalidTag(let word):
            [
                .text(
                    "\"\(CollectionLimits.quoted(word))\" is not a tag: one word of letters, digits, - and _, at most \(CollectionLimits.maximumTagLength) characters, nothing invisible."
                )
            ]
        case .tooManyTags: [.text("A GIF has at most \(CollectionLimits.maximumTags) tags.")]
        case .previewGif(let query, let caption): try await previews.search(query, caption: caption, for: message)
        case .previewMode(let mode): try await previews.setMode(mode, for: message)
        case .send: await previews.send(for: message)
        case .shuffle: try await previews.shuffle(for: message)
        case .cancel: await previews.cancel(for: message)
        case .pick(let number): await previews.pick(number, for: message)
        case .roomFeature(let feature, let isOn):
            RoomFeatureHandler(context: context).change(feature, on: isOn, for: message)
        }
    }
}

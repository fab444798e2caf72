import GifSources

/// A GIF offered in a preview, with the card chat shows for it.
struct PreviewCandidate: Sendable {
    let gif: SourcedGif
    let card: GifCard
}

/// Where a preview's next candidate comes from when its asker shuffles.
enum PreviewDeck: Sendable {
    /// The next unseen result of a search (`!gif?`, `!gif` in required mode, and `!translate`,
    /// whose single best answer is followed by the phrase's search results).
    case search(ConversationMemory.SearchCursor)
    /// Another random GIF, for the same tag.
    case random(tag: String?)
    /// The rest of a page fetched up front (trending), in order.
    case remaining([PreviewCandidate])
}

/// One open preview: who asked, where it will be posted, what is on offer, until when.
struct OpenPreview: Sendable {
    enum Offer: Sendable {
        /// One GIF with send / shuffle / cancel; `shown` holds every GIF this preview offered.
        case single(PreviewCandidate, deck: PreviewDeck, shown: ShownGifs)
        /// A numbered list to pick from; `shownPrivately` is false for a `!gifs` list already
        /// posted in the channel (only the pick is remembered, nothing needs withdrawing).
        case list([PreviewCandidate], shownPrivately: Bool)
    }

    let id: UInt64
    let asker: ChatUser
    let conversation: String
    let originMessageID: String?
    var expiresAt: ContinuousClock.Instant
    var offer: Offer
    /// The network's message showing it, where the preview is a message others see (Matrix):
    /// reactions to it answer it, a shuffle edits it, the end takes it back.
    var shownMessageID: String?
    /// Which of the network's connections showed that message (a Matrix account): the one that
    /// takes it back when the preview expires.
    var shownBy: String?
    /// The asker's caption, for whichever GIF they send.
    var caption: String?

    /// Whether the asker saw it as something only they see (networks remove that when it ends).
    var isShownPrivately: Bool {
        if case .list(_, let shownPrivately) = offer { return shownPrivately }
        return true
    }

    var isList: Bool {
        if case .list = offer { return true }
        return false
    }

    var key: PreviewBoard.Key { PreviewBoard.Key(user: asker.storeKey, conversation: conversation) }
}

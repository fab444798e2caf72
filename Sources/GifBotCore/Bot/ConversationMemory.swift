import GifSources

/// Short-lived, per user and conversation: where each search is up to and what was shown last.
/// In memory on purpose: it is cheap to lose on restart, and it changes on every command.
actor ConversationMemory {
    struct Key: Hashable {
        let user: UserKey
        let conversation: String
    }

    /// How far a user has got through one query's results.
    struct SearchCursor: Sendable {
        let query: String
        /// `query` as `normalise` makes it: which search this is.
        let normalisedQuery: String
        /// The next result position to look at.
        var nextIndex = 0
        /// GIFs already shown for this query, so a reordered page never repeats one.
        var shown = ShownGifs()
        /// One past the last result, once the source has told: no call is made to learn it again.
        var endIndex: Int?
        /// The source of the results so far: `!more` continues there (never mixing two sources).
        var source: GifSourceID?

        init(query: String, normalisedQuery: String) {
            self.query = query
            self.normalisedQuery = normalisedQuery
        }
    }

    /// What `!fav` and `!info` without an id refer to.
    enum LastShown: Sendable {
        case gif(SourcedGif)
        /// A numbered list was shown: "the last GIF" is ambiguous.
        case list
    }

    /// Kept for thousands of users at once, so kept small (issue 9): a short list instead of a
    /// table of cursors plus their order, changed in place.
    private struct State {
        /// The conversation's searches, least recently continued first; the last one is what
        /// `!more` continues.
        var cursors: [SearchCursor] = []
        var lastShown: LastShown?
        var lastUsed: UInt64 = 0
    }

    private let maximumConversations: Int
    private let maximumQueriesPerConversation: Int
    private var states: [Key: State] = [:]
    /// What was shown last in each conversation to anyone, for `!save` without an id, stamped
    /// with `clock` for eviction.
    private var channelsLastShown: [ChannelKey: (shown: LastShown, stamp: UInt64)] = [:]

    private struct ChannelKey: Hashable {
        let network: String
        let conversation: String
    }
    private var clock: UInt64 = 0

    init(maximumConversations: Int = 10_000, maximumQueriesPerConversation: Int = 5) {
        self.maximumConversations = maximumConversations
        self.maximumQueriesPerConversation = maximumQueriesPerConversation
    }

    /// Queries that differ only in case or spacing are the same search.
    static func normalise(_ query: String) -> String {
        TextSanitizer.collapseWhitespace(query).lowercased()
    }

    func cursor(_ key: Key, query: String) -> SearchCursor {
        let normalised = Self.normalise(query)
        return states[key]?.cursors.last { $0.normalisedQuery == normalised }
            ?? SearchCursor(query: query, normalisedQuery: normalised)
    }

    /// The cursor of the user's last search here, for `!more`.
    func lastSearch(_ key: Key) -> SearchCursor? {
        states[key]?.cursors.last
    }

    /// Keeps `cursor` as the conversation's last search; the least recently continued search
    /// goes once there are more than `maximumQueriesPerConversation`.
    func save(_ cursor: SearchCursor, for key: Key) {
        update(key) { state in
            state.cursors.removeAll { $0.normalisedQuery == cursor.normalisedQuery }
            state.cursors.append(cursor)
            if state.cursors.count > maximumQueriesPerConversation {
                state.cursors.removeFirst(state.cursors.count - maximumQueriesPerConversation)
            }
        }
    }

    /// `!fav` and `!info` use a GIF's details and the rendition chat links to, never its list of
    /// renditions (that is for uploading, done as the GIF is shown). Kept without that list, a
    /// conversation holds a few hundred bytes instead of kilobytes once the cache has let the
    /// GIF's page go (issue 9: per-user state was most of the heap after 10,000 commands).
    func setLastShown(_ shown: LastShown, for key: Key) {
        let compact: LastShown =
            switch shown {
            case .gif(let gif): .gif(gif.withoutRenditionList)
            case .list: .list
            }
        update(key) { $0.lastShown = compact }
        channelsLastShown[ChannelKey(network: key.user.network, conversation: key.conversation)] = (compact, clock)
        if channelsLastShown.count > maximumConversations {
            let victims = channelsLastShown.sorted { $0.value.stamp < $1.value.stamp }.prefix(
                max(1, maximumConversations / 10))
            for (channel, _) in victims { channelsLastShown[channel] = nil }
        }
    }

    /// The last GIF (or list) shown to anyone in a conversation.
    func lastShownInChannel(network: String, _ conversation: String) -> LastShown? {
        channelsLastShown[ChannelKey(network: network, conversation: conversation)]?.shown
    }

    func lastShown(_ key: Key) -> LastShown? {
        states[key]?.lastShown
    }

    /// Changes the state in place, in one access to the table: copied out and back, its list
    /// would be copied on every change.
    private func update(_ key: Key, _ change: (inout State) -> Void) {
        clock += 1
        let now = clock
        func changeAndStamp(_ state: inout State) {
            change(&state)
            state.lastUsed = now
        }
        changeAndStamp(&states[key, default: State()])
        if states.count > maximumConversations {
            evictLeastRecentlyUsed()
        }
    }

    /// Drops the oldest tenth at once so eviction is rare rather than on every command.
    private func evictLeastRecentlyUsed() {
        let victims = states.sorted { $0.value.lastUsed < $1.value.lastUsed }.prefix(max(1, maximumConversations / 10))
        for (key, _) in victims { states[key] = nil }
    }
}

extension SourcedGif {
    /// The same GIF without `renditions`; `preferred` stays.
    fileprivate var withoutRenditionList: SourcedGif {
        SourcedGif(
            ref: ref, title: title, rating: rating, pageURL: pageURL, preferred: preferred, renditions: [],
            uploader: uploader, importDate: importDate)
    }
}

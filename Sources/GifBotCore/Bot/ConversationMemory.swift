import GifSources
import Storage

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
        /// The next result position to look at.
        var nextIndex = 0
        /// Ids (`GifRef.text`) already shown for this query, so a reordered page never repeats one.
        var shownIDs: Set<String> = []
        /// One past the last result, once the source has told: no call is made to learn it again.
        var endIndex: Int?
        /// The source of the results so far: `!more` continues there (never mixing two sources).
        var source: GifSourceID?
    }

    /// What `!fav` and `!info` without an id refer to.
    enum LastShown: Sendable {
        case gif(SourcedGif)
        /// A numbered list was shown: "the last GIF" is ambiguous.
        case list
    }

    private struct State {
        var cursors: [String: SearchCursor] = [:]
        var cursorOrder: [String] = []
        var lastQuery: String?
        var lastShown: LastShown?
        var lastUsed: UInt64 = 0
    }

    private let maximumConversations: Int
    private let maximumQueriesPerConversation: Int
    private var states: [Key: State] = [:]
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
        states[key]?.cursors[Self.normalise(query)] ?? SearchCursor(query: query)
    }

    /// The cursor of the user's last search here, for `!more`.
    func lastSearch(_ key: Key) -> SearchCursor? {
        guard let state = states[key], let query = state.lastQuery else { return nil }
        return state.cursors[query]
    }

    func save(_ cursor: SearchCursor, for key: Key) {
        update(key) { state in
            let normalised = Self.normalise(cursor.query)
            if state.cursors[normalised] == nil {
                state.cursorOrder.append(normalised)
                if state.cursorOrder.count > maximumQueriesPerConversation {
                    state.cursors[state.cursorOrder.removeFirst()] = nil
                }
            }
            state.cursors[normalised] = cursor
            state.lastQuery = normalised
        }
    }

    /// `!fav` and `!info` use a GIF's details and the rendition chat links to, never its list of
    /// renditions (that is for uploading, done as the GIF is shown). Kept without that list, a
    /// conversation holds a few hundred bytes instead of kilobytes once the cache has let the
    /// GIF's page go (issue 9: per-user state was most of the heap after 10,000 commands).
    func setLastShown(_ shown: LastShown, for key: Key) {
        let compact: LastShown = switch shown {
        case .gif(let gif): .gif(gif.withoutRenditionList)
        case .list: .list
        }
        update(key) { $0.lastShown = compact }
    }

    func lastShown(_ key: Key) -> LastShown? {
        states[key]?.lastShown
    }

    private func update(_ key: Key, _ change: (inout State) -> Void) {
        clock += 1
        var state = states[key] ?? State()
        change(&state)
        state.lastUsed = clock
        states[key] = state
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
        SourcedGif(ref: ref, title: title, rating: rating, pageURL: pageURL, preferred: preferred, renditions: [],
                   uploader: uploader, importDate: importDate)
    }
}

/// Users' favorites as `!favs` and `!unfav` read them, through a `ReadThroughCache`: a list is
/// read from the store at most once per `ReadThroughCache.defaultTimeToLive` while unchanged,
/// and every change made here goes to the store first (favorites stay durable before the reply)
/// and then drops the cached list. A change by another instance (or `gifbot import`) is seen
/// once the cached list expires.
struct FavoritesCache: Sendable {
    /// Users whose lists are kept at once (those who asked within the time to live): with the
    /// default limit of 20 favorites, a few megabytes at most, and only while that many are
    /// active.
    static let capacity = 1024

    private let store: any FavoriteStore
    private let cache: ReadThroughCache<UserKey, [Favorite]>

    init(store: any FavoriteStore, timeToLive: Duration = ReadThroughCache<UserKey, [Favorite]>.defaultTimeToLive) {
        self.store = store
        cache = ReadThroughCache(timeToLive: timeToLive, capacity: Self.capacity)
    }

    /// Newest first.
    func favorites(for user: UserKey) async throws -> [Favorite] {
        try await cache.value(for: user) { [store] in try await store.favorites(for: user) }
    }

    func add(_ favorite: Favorite, for user: UserKey, limit: Int) async throws -> AddFavoriteResult {
        try await cache.change(user) { [store] in try await store.addFavorite(favorite, for: user, limit: limit) }
    }

    /// False when it was not there.
    func remove(_ gifID: String, for user: UserKey) async throws -> Bool {
        try await cache.change(user) { [store] in try await store.removeFavorite(gifID, for: user) }
    }
}

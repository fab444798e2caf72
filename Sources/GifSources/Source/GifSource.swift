/// Everything the bot asks of a GIF source. GIPHY and KLIPY implement it in their own modules;
/// the core sees only this. Every method throws `GifSourceFailure` (or `CancellationError`).
public protocol GifSource: Sendable {
    var id: GifSourceID { get }
    var capabilities: Set<GifCapability> { get }
    /// Seconds left in this source's 429 cool-down, or nil: lets a fallback skip it unasked.
    func coolingDown() async -> Int?
    /// Results from position `offset`; `user` personalises where the source supports it.
    func search(
        _ query: String, offset: Int, limit: Int, rating: ContentRating, user: SourceUser?
    ) async throws -> SourcedPage
    func trending(offset: Int, limit: Int, rating: ContentRating, user: SourceUser?) async throws -> SourcedPage
    /// One GIF by its key (`GifRef.key`); `.notFound` when there is none.
    func gif(_ key: String) async throws -> SourcedGif
    func autocomplete(_ prefix: String, limit: Int) async throws -> [String]
    func relatedTerms(_ term: String) async throws -> [String]
    func trendingSearches() async throws -> [String]
    /// Needs `.random`. `randomID` is the source's own per-user id (see `randomID()`).
    func random(tag: String?, rating: ContentRating, randomID: String?) async throws -> SourcedGif?
    /// Needs `.random`: a fresh per-user id that keeps random GIFs from repeating for a user.
    func randomID() async throws -> String
    /// Needs `.translate`.
    func translate(_ phrase: String, rating: ContentRating) async throws -> SourcedGif?
    /// Needs `.postedReports`: the GIF with this key was posted in chat (not merely previewed to
    /// its asker); `query` is the search that found it, nil when none did (trending, an id).
    /// Called behind the reply, never before it.
    func posted(_ key: String, query: String?, user: SourceUser?) async throws
}

extension GifSource {
    /// Sources without `.postedReports` are never told.
    public func posted(_ key: String, query: String?, user: SourceUser?) async throws {}
}

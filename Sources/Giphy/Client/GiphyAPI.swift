import GifSources
/// Everything the bot asks of GIPHY. One real implementation (`GiphyClient`); the seam lets
/// the core be exercised without the network.
public protocol GiphyAPI: Sendable {
    /// Search results starting at `offset` (GIPHY's maximum offset is 4999).
    func search(_ query: String, offset: Int, limit: Int, rating: ContentRating) async throws -> GifPage
    func trending(offset: Int, limit: Int, rating: ContentRating) async throws -> GifPage
    /// The single best GIF for a phrase; nil when GIPHY finds nothing.
    func translate(_ phrase: String, rating: ContentRating) async throws -> GiphyGif?
    /// A random GIF, optionally for a tag; nil when GIPHY finds nothing. `randomID`
    /// personalises the choice per user (GIPHY avoids repeats for the same id).
    func random(tag: String?, rating: ContentRating, randomID: String?) async throws -> GiphyGif?
    /// One GIF by id; throws `GiphyError.notFound` for an unknown id.
    func gif(id: String) async throws -> GiphyGif
    /// Several GIFs by id (at most 100), in GIPHY's order.
    func gifs(ids: [String], rating: ContentRating) async throws -> [GiphyGif]
    /// Autocomplete terms for a prefix.
    func autocomplete(_ prefix: String, limit: Int) async throws -> [String]
    /// Search terms related to a term.
    func relatedTerms(_ term: String) async throws -> [String]
    /// Today's popular search terms.
    func trendingSearches() async throws -> [String]
    /// A fresh GIPHY random id, to be stored per user.
    func randomID() async throws -> String
}

/// GIPHY's documented limits.
public enum GiphyLimits {
    /// Longer queries get HTTP 414.
    public static let maximumQueryLength = 50
    /// The largest `offset` search accepts.
    public static let maximumSearchOffset = 4999
    /// At most this many ids per GIFs-by-id call.
    public static let maximumIDsPerCall = 100
}

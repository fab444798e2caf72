import GifSources
import Synchronization

/// A GIF source answering from a list given by the test: searches page through `gifs` (every
/// query finds the same list, so paging and "shown already" are what a test sees), lookups find a
/// GIF by key, terms are the query's own words. It remembers what it was asked, and can be told
/// to fail, so a test of the core needs no HTTP server.
public final class FakeGifSource: GifSource {
    public let id: GifSourceID
    public let capabilities: Set<GifCapability>
    private let state: Mutex<State>

    struct State {
        var gifs: [SourcedGif]
        var failure: GifSourceError?
        var reportFailure: GifSourceError?
        var calls: [String] = []
    }

    /// Lookups by key answer unrated, as KLIPY's do (its searches carry the filter's rating).
    private let unratedLookups: Bool

    public init(
        id: GifSourceID = .giphy, gifs: [SourcedGif], capabilities: Set<GifCapability> = [.random, .translate],
        unratedLookups: Bool = false
    ) {
        self.id = id
        self.capabilities = capabilities
        self.unratedLookups = unratedLookups
        state = Mutex(State(gifs: gifs))
    }

    /// From now on every `posted` report fails with `error` (nil: they succeed again).
    public func failReports(with error: GifSourceError?) {
        state.withLock { $0.reportFailure = error }
    }

    /// The `posted` reports received, as `posted <key> <query or "-"> <user id>`.
    public var reports: [String] { calls.filter { $0.hasPrefix("posted ") } }

    public func posted(_ key: String, query: String?, user: SourceUser?) async throws {
        try state.withLock { state in
            state.calls.append("posted \(key) \(query ?? "-") \(user?.userID ?? "-")")
            if let failure = state.reportFailure { throw GifSourceFailure(source: id, error: failure) }
        }
    }

    /// A GIF this source could return: `key`, a title, a rating, an https link.
    public static func gif(
        _ key: String, title: String? = nil, rating: String? = "g", source: GifSourceID = .giphy
    ) -> SourcedGif {
        let rendition = SourcedRendition(
            name: "downsized", url: "https://media.example.org/\(key).gif", width: 200, height: 100, byteSize: 50_000)
        return SourcedGif(
            ref: GifRef(source: source, key: key), title: title ?? "GIF \(key)", rating: rating,
            pageURL: "https://example.org/gifs/\(key)", preferred: rendition, renditions: [rendition])
    }

    /// `gif(key)` with a still first frame, as GIPHY and KLIPY send one.
    public static func gifWithStill(_ key: String, rating: String? = "g") -> SourcedGif {
        let gif = gif(key, rating: rating)
        return SourcedGif(
            ref: gif.ref, title: gif.title, rating: gif.rating, pageURL: gif.pageURL, preferred: gif.preferred,
            renditions: gif.renditions,
            still: SourcedRendition(
                name: "still", url: "https://media.example.org/\(key)_s.gif", width: 200, height: 100, byteSize: 5_000))
    }

    /// From now on every call fails with `error` (nil: answers again).
    public func fail(with error: GifSourceError?) {
        state.withLock { $0.failure = error }
    }

    /// What was asked, one line a call: `search cats 0`, `gif abc`, …
    public var calls: [String] { state.withLock { $0.calls } }

    private func record(_ call: String) throws -> [SourcedGif] {
        try state.withLock { state in
            state.calls.append(call)
            if let failure = state.failure { throw GifSourceFailure(source: id, error: failure) }
            return state.gifs
        }
    }

    public func coolingDown() async -> Int? { nil }

    public func search(
        _ query: String, offset: Int, limit: Int, rating: ContentRating, user: SourceUser?
    ) async throws -> SourcedPage {
        page(try record("search \(query) \(offset)"), offset: offset, limit: limit)
    }

    public func trending(offset: Int, limit: Int, rating: ContentRating, user: SourceUser?) async throws -> SourcedPage
    {
        page(try record("trending \(offset)"), offset: offset, limit: limit)
    }

    private func page(_ gifs: [SourcedGif], offset: Int, limit: Int) -> SourcedPage {
        let slice = gifs.dropFirst(offset).prefix(limit)
        return SourcedPage(
            source: id, gifs: Array(slice), endIndex: offset + slice.count < gifs.count ? nil : offset + slice.count)
    }

    public func gif(_ key: String) async throws -> SourcedGif {
        guard let gif = try record("gif \(key)").first(where: { $0.ref.key == key }) else {
            throw GifSourceFailure(source: id, error: .notFound)
        }
        guard unratedLookups else { return gif }
        return SourcedGif(
            ref: gif.ref, title: gif.title, rating: nil, pageURL: gif.pageURL, preferred: gif.preferred,
            renditions: gif.renditions)
    }

    public func autocomplete(_ prefix: String, limit: Int) async throws -> [String] {
        _ = try record("autocomplete \(prefix)")
        return Array(["\(prefix)s", "\(prefix) funny"].prefix(limit))
    }

    public func relatedTerms(_ term: String) async throws -> [String] {
        _ = try record("related \(term)")
        return ["\(term) love", "\(term) meme"]
    }

    public func trendingSearches() async throws -> [String] {
        _ = try record("trends")
        return ["cats", "mondays"]
    }

    public func random(tag: String?, rating: ContentRating, randomID: String?) async throws -> SourcedGif? {
        try record("random \(tag ?? "") \(randomID ?? "")").first
    }

    public func randomID() async throws -> String {
        _ = try record("randomID")
        return "fakerandomid0001"
    }

    public func translate(_ phrase: String, rating: ContentRating) async throws -> SourcedGif? {
        try record("translate \(phrase)").last
    }
}

import GifSources

/// GIPHY as a `GifSource`: the client's answers in the seam's terms, its errors as
/// `GifSourceFailure`s. A source without a key answers `.invalidKey` without calling.
public struct GiphySource: GifSource {
    public let client: GiphyClient

    public init(client: GiphyClient) {
        self.client = client
    }

    public var id: GifSourceID { .giphy }
    public var capabilities: Set<GifCapability> { [.translate, .random] }

    public func coolingDown() async -> Int? {
        await client.coolingDown()
    }

    public func search(
        _ query: String, offset: Int, limit: Int, rating: ContentRating, user: SourceUser?
    ) async throws -> SourcedPage {
        // GIPHY's offsets end at 4999: past it, the results are over.
        guard offset <= GiphyLimits.maximumSearchOffset else {
            return SourcedPage(source: .giphy, gifs: [], endIndex: offset)
        }
        return page(
            try await answer { try await client.search(query, offset: offset, limit: limit, rating: rating) },
            offset: offset, limit: limit)
    }

    public func trending(offset: Int, limit: Int, rating: ContentRating, user: SourceUser?) async throws -> SourcedPage
    {
        page(
            try await answer { try await client.trending(offset: offset, limit: limit, rating: rating) },
            offset: offset, limit: limit)
    }

    public func gif(_ key: String) async throws -> SourcedGif {
        try await answer { try await client.gif(id: key) }.sourced
    }

    public func autocomplete(_ prefix: String, limit: Int) async throws -> [String] {
        try await answer { try await client.autocomplete(prefix, limit: limit) }
    }

    public func relatedTerms(_ term: String) async throws -> [String] {
        try await answer { try await client.relatedTerms(term) }
    }

    public func trendingSearches() async throws -> [String] {
        try await answer { try await client.trendingSearches() }
    }

    public func random(tag: String?, rating: ContentRating, randomID: String?) async throws -> SourcedGif? {
        try await answer { try await client.random(tag: tag, rating: rating, randomID: randomID) }?.sourced
    }

    public func randomID() async throws -> String {
        try await answer { try await client.randomID() }
    }

    public func translate(_ phrase: String, rating: ContentRating) async throws -> SourcedGif? {
        try await answer { try await client.translate(phrase, rating: rating) }?.sourced
    }

    /// The end of the results is known from a short page or from GIPHY's total count, which is
    /// capped where GIPHY's offsets end.
    private func page(_ page: GifPage, offset: Int, limit: Int) -> SourcedPage {
        let end: Int? =
            if page.gifs.count < limit {
                offset + page.gifs.count
            } else {
                page.totalCount.map { min($0, GiphyLimits.maximumSearchOffset + limit) }
            }
        return SourcedPage(source: .giphy, gifs: page.gifs, endIndex: end)
    }

    private func answer<Value>(_ call: () async throws -> Value) async throws -> Value {
        guard !client.configuration.apiKey.isEmpty else { throw GifSourceFailure(source: .giphy, error: .invalidKey) }
        do {
            return try await call()
        } catch let error as GifSourceError {
            throw GifSourceFailure(source: .giphy, error: error)
        }
    }
}

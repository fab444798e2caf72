import GifSources

/// One page of a list endpoint (search, trending, GIFs by ids), its GIFs already in the seam's
/// terms: renditions are chosen once, when the page is read. A cached page is served to many
/// commands, and choosing renditions on every hit was most of a warm command's CPU (issue 9's
/// profile); keeping only the chosen form also keeps the cache small.
public struct GifPage: Sendable, Equatable {
    public let gifs: [SourcedGif]
    /// The offset this page starts at.
    public let offset: Int
    /// How many results GIPHY says exist in total; nil when the endpoint does not say.
    public let totalCount: Int?

    public init(gifs: [GiphyGif], offset: Int, totalCount: Int?) {
        self.gifs = gifs.map(\.sourced)
        self.offset = offset
        self.totalCount = totalCount
    }
}

extension GifPage {
    /// Reads a search, trending or GIFs-by-ids body as the client does, in one pass (for tools
    /// and the benchmark; the client also classifies the response first).
    public init(giphyBody body: [UInt8], requestedOffset: Int = 0) throws {
        try self.init(body: GiphyBody(json: body, data: GiphyPayload.gifList), requestedOffset: requestedOffset)
    }

    init(body: GiphyBody<LossyList<GiphyGif>>, requestedOffset: Int) throws {
        self.init(
            gifs: try GiphyPayload.required(body.data).elements, offset: body.pagination?.offset ?? requestedOffset,
            totalCount: body.pagination?.totalCount)
    }
}

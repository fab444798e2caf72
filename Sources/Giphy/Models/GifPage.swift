/// One page of a list endpoint (search, trending, GIFs by ids).
public struct GifPage: Sendable, Equatable {
    public let gifs: [GiphyGif]
    /// The offset this page starts at.
    public let offset: Int
    /// How many results GIPHY says exist in total; nil when the endpoint does not say.
    public let totalCount: Int?

    public init(gifs: [GiphyGif], offset: Int, totalCount: Int?) {
        self.gifs = gifs
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
        self.init(gifs: try GiphyPayload.required(body.data).elements, offset: body.pagination?.offset ?? requestedOffset,
                  totalCount: body.pagination?.totalCount)
    }
}

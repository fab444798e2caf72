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

/// One page of GIFs from a KLIPY list endpoint (search, trending), ads already removed.
public struct KlipyPage: Sendable, Hashable {
    public let gifs: [KlipyGif]
    /// 1-based, as KLIPY counts.
    public let page: Int
    public let perPage: Int
    /// KLIPY gives no total count; `!more` asks for `page + 1` while this is true.
    public let hasNext: Bool
    /// Ads and unusable items left out of `gifs`, so a short page can be explained in logs.
    public let skippedItems: Int

    public init(gifs: [KlipyGif], page: Int, perPage: Int, hasNext: Bool, skippedItems: Int = 0) {
        self.gifs = gifs
        self.page = page
        self.perPage = perPage
        self.hasNext = hasNext
        self.skippedItems = skippedItems
    }
}

/// A browsing category (`gifs/categories`): its label, the query to search, a preview GIF.
public struct KlipyCategory: Sendable, Hashable, Decodable {
    public let name: String
    public let query: String
    public let previewURL: String?

    private enum CodingKeys: String, CodingKey {
        case name = "category"
        case query
        case previewURL = "preview_url"
    }

    public init(name: String, query: String, previewURL: String?) {
        self.name = name
        self.query = query
        self.previewURL = previewURL
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = container.klipyText(.name) ?? container.klipyText(.query)
        guard let name else {
            throw DecodingError.dataCorruptedError(
                forKey: .name, in: container, debugDescription: "category without a name")
        }
        self.init(name: name, query: container.klipyText(.query) ?? name, previewURL: container.klipyText(.previewURL))
    }
}

import GifSources

/// The share trigger's JSON body (Docs/research/klipy-api.md §2). `customer_id` is left out when
/// the bot derives none; `q` is always sent, empty when no search found the GIF.
struct KlipyShareRequest: Encodable, Sendable {
    let customerID: String?
    let query: String

    private enum CodingKeys: String, CodingKey {
        case customerID = "customer_id"
        case query = "q"
    }
}

/// `{"result": true}`: nothing to read beyond the envelope the classifier checked.
struct KlipyShareResponse: Decodable, Sendable, CacheCosting {
    var estimatedBytes: Int { 0 }
}

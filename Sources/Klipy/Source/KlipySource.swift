import GifSources

/// KLIPY as a `GifSource`. KLIPY pages by number, the core by offset: an offset aligned to the
/// page size is page `offset / limit + 1`. KLIPY has no random or translate endpoint, and its
/// items carry no rating: a result is recorded as the strictest rating its request's
/// `content_filter` allows, so the core's rating check runs on it as on any other GIF.
public struct KlipySource: GifSource {
    public let client: KlipyClient
    /// Derives the per-user `customer_id`; nil sends none.
    private let customerIDs: KlipyCustomerIDDeriver?

    public init(client: KlipyClient, customerIDs: KlipyCustomerIDDeriver?) {
        self.client = client
        self.customerIDs = customerIDs
    }

    public var id: GifSourceID { .klipy }
    public var capabilities: Set<GifCapability> { [.postedReports] }

    public func coolingDown() async -> Int? {
        await client.coolingDown()
    }

    public func search(
        _ query: String, offset: Int, limit: Int, rating: ContentRating, user: SourceUser?
    ) async throws -> SourcedPage {
        let limit = limit.clamped(to: KlipyLimits.searchPageSizes)
        let page = try await answer {
            try await client.search(
                query, page: offset / limit + 1, perPage: limit, rating: rating, customer: customer(user))
        }
        return sourced(page, offset: offset, rating: rating)
    }

    public func trending(offset: Int, limit: Int, rating: ContentRating, user: SourceUser?) async throws -> SourcedPage
    {
        let limit = limit.clamped(to: KlipyLimits.trendingPageSizes)
        let page = try await answer {
            try await client.trending(
                page: offset / limit + 1, perPage: limit, rating: rating, customer: customer(user))
        }
        return sourced(page, offset: offset, rating: rating)
    }

    /// Lookups carry no filter, so the GIF is unrated (a stored favorite's rating applies).
    public func gif(_ key: String) async throws -> SourcedGif {
        try await answer { try await client.gif(slug: key) }.sourced(key: key, rating: nil)
    }

    public func autocomplete(_ prefix: String, limit: Int) async throws -> [String] {
        try await answer { try await client.autocomplete(prefix, limit: limit) }
    }

    public func relatedTerms(_ term: String) async throws -> [String] {
        try await answer { try await client.searchSuggestions(term) }
    }

    /// KLIPY has no trending-searches list; its categories are the searches it promotes.
    public func trendingSearches() async throws -> [String] {
        try await answer { try await client.categories() }.map(\.query)
    }

    public func random(tag: String?, rating: ContentRating, randomID: String?) async throws -> SourcedGif? {
        throw GifSourceFailure(source: .klipy, error: .unsupported)
    }

    public func randomID() async throws -> String {
        throw GifSourceFailure(source: .klipy, error: .unsupported)
    }

    public func translate(_ phrase: String, rating: ContentRating) async throws -> SourcedGif? {
        throw GifSourceFailure(source: .klipy, error: .unsupported)
    }

    /// KLIPY's share trigger: "call it when a user sends" a GIF (its API documentation).
    public func posted(_ key: String, query: String?, user: SourceUser?) async throws {
        try await answer { try await client.share(slug: key, query: query ?? "", customer: customer(user)) }
    }

    private func customer(_ user: SourceUser?) -> KlipyCustomerID? {
        guard let user else { return nil }
        return customerIDs?.customerID(network: user.network, userID: user.userID)
    }

    private func sourced(_ page: KlipyPage, offset: Int, rating: ContentRating) -> SourcedPage {
        let implied = KlipyContentFilter(rating: rating).impliedRating
        return SourcedPage(
            source: .klipy, gifs: page.gifs.map { $0.sourced(key: $0.slug, rating: implied) },
            endIndex: page.hasNext ? nil : offset + page.gifs.count)
    }

    private func answer<Value>(_ call: () async throws -> Value) async throws -> Value {
        do {
            return try await call()
        } catch let error as GifSourceError {
            throw GifSourceFailure(source: .klipy, error: error)
        }
    }
}

extension KlipyGif {
    func sourced(key: String, rating: ContentRating?) -> SourcedGif {
        let gifs = renditions.filter { $0.format == .gif }
            .sorted { ($0.byteSize ?? .max) < ($1.byteSize ?? .max) }
            .map(\.sourced)
        return SourcedGif(
            ref: GifRef(source: .klipy, key: key), title: title, rating: rating?.parameter, pageURL: pageURL,
            preferred: bestGIF()?.sourced, renditions: gifs,
            still: (rendition(.sm, .jpg) ?? rendition(.xs, .jpg))?.sourced)
    }
}

extension KlipyRendition {
    var sourced: SourcedRendition {
        SourcedRendition(
            name: "\(sizeClass.rawValue)_\(format.rawValue)", url: url, width: width, height: height, byteSize: byteSize
        )
    }
}

extension Int {
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

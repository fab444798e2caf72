import Foundation
import GifSourceClient
import GifSources
import HTTPTransport
import Logging

/// The KLIPY client on the sources' one skeleton (`SourceClientCore`): builds requests with the
/// app key in the path, calls through its pipeline (cache, single flight, the 429 gate, call
/// counting), classifies and decodes tolerantly, and logs every call without the key.
public final class KlipyClient: Sendable {
    public var counter: CallCounter { core.counter }
    let configuration: KlipyClientConfiguration
    private let core: SourceClientCore
    var pipeline: SourceCallPipeline { core.pipeline }
    private var logger: Logger { core.logger }

    /// - Parameter sharedCooldown: where other instances with the same key see a 429 cool-down.
    public init(
        configuration: KlipyClientConfiguration, transport: any HTTPRequestTransport,
        metrics: SourceMetrics = SourceMetrics(source: .klipy), sharedCooldown: (any RateLimitCooldownStore)? = nil,
        logger: Logger
    ) {
        self.configuration = configuration
        core = SourceClientCore(
            source: "KLIPY", settings: configuration, transport: transport, metrics: metrics,
            sharedCooldown: sharedCooldown, logger: logger)
    }

    /// Whether an app key is configured: without one the client answers `invalidKey` at once.
    public var hasAppKey: Bool { !configuration.appKey.isEmpty }

    /// Seconds left in the 429 cool-down, or nil when calls are allowed.
    public func coolingDown() async -> Int? {
        await core.coolingDown()
    }

    /// A page of search results; `page` is 1-based. `perPage` is kept within KLIPY's 8...50.
    public func search(
        _ query: String, page: Int = 1, perPage: Int, rating: ContentRating,
        customer: KlipyCustomerID? = nil
    ) async throws -> KlipyPage {
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw GifSourceError.badRequest }
        let endpoint = KlipyEndpoint.search(
            query, page: page, perPage: perPage, filter: KlipyContentFilter(rating: rating),
            customerID: customer?.value, locale: configuration.locale)
        return try await list(endpoint, page: page)
    }

    public func trending(
        page: Int = 1, perPage: Int, rating: ContentRating, customer: KlipyCustomerID? = nil
    ) async throws -> KlipyPage {
        let endpoint = KlipyEndpoint.trending(
            page: page, perPage: perPage, filter: KlipyContentFilter(rating: rating),
            customerID: customer?.value, locale: configuration.locale)
        return try await list(endpoint, page: page)
    }

    /// One GIF by slug (KLIPY looks items up by slug, not id); `GifSourceError.notFound` if none.
    /// A single answer under another spelling of the slug is still the one asked for: slugs may
    /// carry a per-app suffix (Docs/research/klipy-api.md §4).
    public func gif(slug: String) async throws -> KlipyGif {
        let found = try await gifs(slugs: [slug])
        guard let gif = found.first(where: { $0.slug == slug }) ?? found.first else { throw GifSourceError.notFound }
        return gif
    }

    /// Several GIFs by slug, in KLIPY's order; slugs it does not know are simply absent.
    public func gifs(slugs: [String]) async throws -> [KlipyGif] {
        let slugs = slugs.filter { !$0.isEmpty }
        guard !slugs.isEmpty else { return [] }
        return try await fetch(.items(slugs: slugs), as: KlipyListResponse.self) { $0.gifs }
    }

    public func categories() async throws -> [KlipyCategory] {
        try await fetch(.categories(locale: configuration.locale), as: KlipyCategoriesResponse.self) { $0.categories }
    }

    public func autocomplete(_ prefix: String, limit: Int = 10) async throws -> [String] {
        guard !prefix.isEmpty else { return [] }
        return try await fetch(.autocomplete(prefix, limit: limit), as: KlipyTermsResponse.self) { $0.terms }
    }

    public func searchSuggestions(_ term: String, limit: Int = 10) async throws -> [String] {
        guard !term.isEmpty else { return [] }
        return try await fetch(.searchSuggestions(term, limit: limit), as: KlipyTermsResponse.self) { $0.terms }
    }

    /// KLIPY's share trigger, for a GIF a user sent: it feeds KLIPY's ranking and the user's
    /// recent items. `query` is the search that found it ("" for trending, as KLIPY asks). Never
    /// cached; counted and logged as any call (endpoint `share`).
    public func share(slug: String, query: String, customer: KlipyCustomerID?) async throws {
        guard !slug.isEmpty else { throw GifSourceError.badRequest }
        guard hasAppKey else { throw GifSourceError.invalidKey }
        let endpoint = KlipyEndpoint.share(slug: slug)
        let body = try JSONEncoder().encode(KlipyShareRequest(customerID: customer?.value, query: query))
        _ = try await pipeline.fetch(endpoint: endpoint.name, cacheKey: endpoint.cacheKey, cacheable: false) {
            [self] in
            try await self.call(endpoint, as: KlipyShareResponse.self, posting: Array(body))
        }
    }

    private func list(_ endpoint: KlipyEndpoint, page: Int) async throws -> KlipyPage {
        try await fetch(endpoint, as: KlipyListResponse.self) { [logger] response in
            if response.skippedItems > 0 {
                logger.debug(
                    "KLIPY items skipped",
                    metadata: ["endpoint": "\(endpoint.name)", "skipped": "\(response.skippedItems)"])
            }
            return KlipyPage(
                gifs: response.gifs, page: response.currentPage ?? max(1, page),
                perPage: response.perPage ?? response.gifs.count, hasNext: response.hasNext,
                skippedItems: response.skippedItems)
        }
    }

    /// The pipeline around one call. A missing key is answered before it: a keyless source costs
    /// nothing and is not counted as a call.
    private func fetch<Response: Decodable & Sendable, Value: CacheCosting>(
        _ endpoint: KlipyEndpoint, as type: Response.Type, _ value: @escaping @Sendable (Response) throws -> Value
    ) async throws -> Value {
        guard hasAppKey else { throw GifSourceError.invalidKey }
        return try await pipeline.fetch(endpoint: endpoint.name, cacheKey: endpoint.cacheKey, cacheable: true) {
            [self] in
            try value(try await self.call(endpoint, as: type))
        }
    }

    /// One HTTP call, a GET or, with a body, a JSON POST: classified, decoded, and logged
    /// without the key.
    private func call<Response: Decodable & Sendable>(
        _ endpoint: KlipyEndpoint, as type: Response.Type, posting body: [UInt8]? = nil
    ) async throws -> Response {
        let configuration = configuration
        return try await core.exchange(
            endpoint: endpoint.name, url: configuration.url(for: endpoint, includingKey: true),
            loggedURL: KlipyRedaction.redact(
                configuration.url(for: endpoint, includingKey: false), appKey: configuration.appKey),
            posting: body
        ) { raw in
            let body = try KlipyResponseClassifier.classify(
                raw, rateLimitCooldownSeconds: Int(configuration.rateLimitCooldown.components.seconds),
                lookup: endpoint.isLookup, requiresData: endpoint.answersWithData)
            do {
                return try JSONDecoder().decode(Response.self, from: Data(body))
            } catch {
                throw GifSourceError.unavailable
            }
        }
    }
}

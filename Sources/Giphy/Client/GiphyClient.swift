import Foundation
import GifSourceClient
import GifSources
import HTTPTransport
import Logging

/// The GIPHY client on the sources' one skeleton (`SourceClientCore`): builds requests, enforces
/// GIPHY's limits before calling, calls through its pipeline (cache, single flight, the 429 gate,
/// call counting) and decodes tolerantly. The API key exists only in the URL handed to the
/// transport.
public final class GiphyClient: Sendable {
    public var counter: CallCounter { core.counter }
    let configuration: GiphyClientConfiguration
    private let core: SourceClientCore
    var pipeline: SourceCallPipeline { core.pipeline }

    /// - Parameter sharedCooldown: where other instances with the same key see a 429 cool-down.
    public init(
        configuration: GiphyClientConfiguration, transport: any HTTPRequestTransport,
        metrics: SourceMetrics = SourceMetrics(source: .giphy), sharedCooldown: (any RateLimitCooldownStore)? = nil,
        logger: Logger
    ) {
        self.configuration = configuration
        core = SourceClientCore(
            source: "GIPHY", settings: configuration, transport: transport, metrics: metrics,
            sharedCooldown: sharedCooldown, logger: logger)
    }

    /// Seconds left in the 429 cool-down, or nil when calls are allowed.
    public func coolingDown() async -> Int? {
        await core.coolingDown()
    }

    public func search(_ query: String, offset: Int, limit: Int, rating: ContentRating) async throws -> GifPage {
        try checkLength(query)
        let offset = min(max(0, offset), GiphyLimits.maximumSearchOffset)
        let endpoint = GiphyEndpoint.search(
            query, offset: offset, limit: limit, rating: rating, lang: configuration.language)
        return try await page(endpoint, offset: offset)
    }

    public func trending(offset: Int, limit: Int, rating: ContentRating) async throws -> GifPage {
        try await page(.trending(offset: max(0, offset), limit: limit, rating: rating), offset: max(0, offset))
    }

    public func translate(_ phrase: String, rating: ContentRating) async throws -> GiphyGif? {
        try checkLength(phrase)
        return try await fetch(.translate(phrase, rating: rating, lang: configuration.language), GiphyPayload.singleGif)
        { $0.data ?? nil }
    }

    public func random(tag: String?, rating: ContentRating, randomID: String?) async throws -> GiphyGif? {
        if let tag { try checkLength(tag) }
        return try await fetch(.random(tag: tag, rating: rating, randomID: randomID), GiphyPayload.singleGif) {
            $0.data ?? nil
        }
    }

    public func gif(id: String) async throws -> GiphyGif {
        guard let gif = try await fetch(.gif(id: id), GiphyPayload.singleGif, { $0.data ?? nil }) else {
            throw GifSourceError.notFound
        }
        return gif
    }

    public func gifs(ids: [String], rating: ContentRating) async throws -> [GiphyGif] {
        guard !ids.isEmpty else { return [] }
        let ids = Array(ids.prefix(GiphyLimits.maximumIDsPerCall))
        return try await fetch(.gifs(ids: ids, rating: rating), GiphyPayload.gifList) {
            try GiphyPayload.required($0.data).elements
        }
    }

    public func autocomplete(_ prefix: String, limit: Int) async throws -> [String] {
        try checkLength(prefix)
        return try await fetch(.autocomplete(prefix, limit: limit), GiphyPayload.terms) {
            try GiphyPayload.required($0.data).elements
        }
    }

    public func relatedTerms(_ term: String) async throws -> [String] {
        try checkLength(term)
        return try await fetch(.related(term), GiphyPayload.terms) { try GiphyPayload.required($0.data).elements }
    }

    public func trendingSearches() async throws -> [String] {
        try await fetch(.trendingSearches, GiphyPayload.strings) { try GiphyPayload.required($0.data).elements }
    }

    public func randomID() async throws -> String {
        try await fetch(.randomID, GiphyPayload.randomID) { try GiphyPayload.required($0.data) }
    }

    private func checkLength(_ text: String) throws {
        if text.count > GiphyLimits.maximumQueryLength {
            pipeline.recordLocalFailure(GifSourceError.queryTooLong(maximum: 0))
            throw GifSourceError.queryTooLong(maximum: GiphyLimits.maximumQueryLength)
        }
    }

    private func page(_ endpoint: GiphyEndpoint, offset: Int) async throws -> GifPage {
        try await fetch(endpoint, GiphyPayload.gifList) { try GifPage(body: $0, requestedOffset: offset) }
    }

    /// Cache, then rate-limit gate, then one shared call (`SourceCallPipeline`).
    private func fetch<Payload, Value: CacheCosting>(
        _ endpoint: GiphyEndpoint, _ payload: @escaping @Sendable (inout JSONReader) throws -> Payload,
        _ value: @escaping @Sendable (GiphyBody<Payload>) throws -> Value
    ) async throws -> Value {
        try await pipeline.fetch(endpoint: endpoint.name, cacheKey: endpoint.cacheKey, cacheable: endpoint.isCacheable)
        { [self] in
            try await self.call(endpoint, payload, value)
        }
    }

    /// One HTTP call: classified and read in one pass, logged without the key.
    private func call<Payload, Value>(
        _ endpoint: GiphyEndpoint, _ payload: (inout JSONReader) throws -> Payload,
        _ value: (GiphyBody<Payload>) throws -> Value
    ) async throws -> Value {
        try await core.exchange(
            endpoint: endpoint.name, url: url(for: endpoint, includingKey: true),
            loggedURL: url(for: endpoint, includingKey: false)
        ) { raw in
            let body = try? GiphyBody(json: raw.body, data: payload)
            // Only a body that could not be read with its payload is read again, for its envelope.
            let envelope = body?.envelope ?? (try? GiphyBody(json: raw.body, data: GiphyPayload.skipped).envelope)
            try ResponseClassifier.check(
                status: raw.status, envelope: envelope,
                rateLimitCooldownSeconds: await pipeline.rateLimitCooldownSeconds)
            // A body that reads but lacks what its endpoint always sends is no answer either.
            guard let body, let result = try? value(body) else { throw GifSourceError.unavailable }
            return result
        }
    }

    /// The request URL. Logged URLs are built with `includingKey: false`, so the key cannot leak
    /// through a log line even by accident.
    func url(for endpoint: GiphyEndpoint, includingKey: Bool) -> String {
        var base = configuration.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let key = QueryItem(name: "api_key", value: includingKey ? configuration.apiKey : "REDACTED")
        return base + endpoint.path + "?" + ([key] + endpoint.query).percentEncoded
    }
}

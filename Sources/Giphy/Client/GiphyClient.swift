import Foundation
import Logging

/// The GIPHY client: builds requests, enforces GIPHY's limits before calling, serves from the
/// cache, shares concurrent identical calls, stays away after a 429, counts every call, and
/// decodes tolerantly. The API key exists only in the URL handed to the transport.
public final class GiphyClient: GiphyAPI {
    public let counter: CallCounter
    private let configuration: GiphyClientConfiguration
    private let transport: any GiphyTransport
    private let cache: ResponseCache
    private let gate: RateLimitGate
    private let logger: Logger

    /// - Parameter sharedCooldown: where other instances with the same key see a 429 cool-down.
    public init(configuration: GiphyClientConfiguration, transport: any GiphyTransport, metrics: GiphyMetrics = GiphyMetrics(),
                sharedCooldown: (any RateLimitCooldownStore)? = nil, logger: Logger) {
        self.configuration = configuration
        self.transport = transport
        self.counter = CallCounter(metrics: metrics)
        self.cache = ResponseCache(capacity: configuration.cacheCapacity, timeToLive: configuration.cacheTimeToLive,
                                   entries: metrics.cacheEntriesGauge())
        self.gate = RateLimitGate(cooldown: configuration.rateLimitCooldown, shared: sharedCooldown)
        self.logger = logger
    }

    public func search(_ query: String, offset: Int, limit: Int, rating: ContentRating) async throws -> GifPage {
        try checkLength(query)
        let offset = min(max(0, offset), GiphyLimits.maximumSearchOffset)
        let endpoint = GiphyEndpoint.search(query, offset: offset, limit: limit, rating: rating, lang: configuration.language)
        return try await page(endpoint, offset: offset)
    }

    public func trending(offset: Int, limit: Int, rating: ContentRating) async throws -> GifPage {
        try await page(.trending(offset: max(0, offset), limit: limit, rating: rating), offset: max(0, offset))
    }

    public func translate(_ phrase: String, rating: ContentRating) async throws -> GiphyGif? {
        try checkLength(phrase)
        return try await fetch(.translate(phrase, rating: rating, lang: configuration.language), as: SingleGifResponse.self).gif
    }

    public func random(tag: String?, rating: ContentRating, randomID: String?) async throws -> GiphyGif? {
        if let tag { try checkLength(tag) }
        return try await fetch(.random(tag: tag, rating: rating, randomID: randomID), as: SingleGifResponse.self).gif
    }

    public func gif(id: String) async throws -> GiphyGif {
        guard let gif = try await fetch(.gif(id: id), as: SingleGifResponse.self).gif else { throw GiphyError.notFound }
        return gif
    }

    public func gifs(ids: [String], rating: ContentRating) async throws -> [GiphyGif] {
        guard !ids.isEmpty else { return [] }
        let ids = Array(ids.prefix(GiphyLimits.maximumIDsPerCall))
        return try await fetch(.gifs(ids: ids, rating: rating), as: GifListResponse.self).data.elements
    }

    public func autocomplete(_ prefix: String, limit: Int) async throws -> [String] {
        try checkLength(prefix)
        return try await fetch(.autocomplete(prefix, limit: limit), as: TermListResponse.self).data.elements.map(\.name)
    }

    public func relatedTerms(_ term: String) async throws -> [String] {
        try checkLength(term)
        return try await fetch(.related(term), as: TermListResponse.self).data.elements.map(\.name)
    }

    public func trendingSearches() async throws -> [String] {
        try await fetch(.trendingSearches, as: StringListResponse.self).data.elements
    }

    public func randomID() async throws -> String {
        try await fetch(.randomID, as: RandomIDResponse.self).data.randomID
    }

    private func checkLength(_ text: String) throws {
        if text.count > GiphyLimits.maximumQueryLength {
            counter.record(endpoint: "local_check", outcome: CallOutcome.label(for: GiphyError.queryTooLong(maximum: 0)))
            throw GiphyError.queryTooLong(maximum: GiphyLimits.maximumQueryLength)
        }
    }

    private func page(_ endpoint: GiphyEndpoint, offset: Int) async throws -> GifPage {
        let response = try await fetch(endpoint, as: GifListResponse.self)
        return GifPage(gifs: response.data.elements, offset: response.pagination?.offset ?? offset,
                       totalCount: response.pagination?.totalCount)
    }

    /// Cache, then rate-limit gate, then one shared call.
    private func fetch<Response: Decodable & Sendable>(_ endpoint: GiphyEndpoint, as type: Response.Type) async throws -> Response {
        let key = endpoint.cacheKey
        if endpoint.isCacheable {
            if let cached = await cache.fresh(key) as? Response {
                counter.record(endpoint: endpoint.name, outcome: CallOutcome.cacheHit)
                return cached
            }
            counter.metrics.cacheMissed(endpoint: endpoint.name)
        }
        if let secondsLeft = await gate.secondsRemaining() {
            if endpoint.isCacheable, let stale = await cache.stale(key) as? Response {
                counter.record(endpoint: endpoint.name, outcome: CallOutcome.cacheHit)
                return stale
            }
            throw GiphyError.rateLimited(retryAfterSeconds: secondsLeft)
        }
        guard endpoint.isCacheable else { return try await call(endpoint, as: type) }
        let shared = try await cache.singleFlight(key, store: true) { [self] in try await self.call(endpoint, as: type) }
        guard let response = shared as? Response else {
            throw GiphyError.unavailable
        }
        return response
    }

    /// One HTTP call: counted, logged without the key, classified and decoded.
    private func call<Response: Decodable & Sendable>(_ endpoint: GiphyEndpoint, as type: Response.Type) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let raw = try await transport.get(url(for: endpoint, includingKey: true), timeout: configuration.timeout)
            let body = try ResponseClassifier.classify(raw, rateLimitCooldownSeconds: await gate.cooldownSeconds)
            let response: Response
            do {
                response = try JSONDecoder().decode(Response.self, from: Data(body))
            } catch {
                throw GiphyError.unavailable
            }
            counter.record(endpoint: endpoint.name, outcome: CallOutcome.success)
            log(endpoint, outcome: CallOutcome.success, since: started)
            return response
        } catch let error as GiphyError {
            if case .rateLimited = error { await gate.close() }
            counter.record(endpoint: endpoint.name, outcome: CallOutcome.label(for: error))
            log(endpoint, outcome: CallOutcome.label(for: error), since: started)
            throw error
        }
    }

    private func log(_ endpoint: GiphyEndpoint, outcome: String, since started: ContinuousClock.Instant) {
        counter.metrics.called(endpoint: endpoint.name, took: .now - started)
        logger.debug("GIPHY call", metadata: [
            "endpoint": "\(endpoint.name)",
            "url": "\(url(for: endpoint, includingKey: false))",
            "outcome": "\(outcome)",
            "duration_ms": "\((ContinuousClock.now - started).milliseconds)",
        ])
    }

    /// The request URL. Logged URLs are built with `includingKey: false`, so the key cannot leak
    /// through a log line even by accident.
    func url(for endpoint: GiphyEndpoint, includingKey: Bool) -> String {
        var base = configuration.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        var items = endpoint.query.map { "\($0.name)=\(PathSegment.encode($0.value))" }
        items.insert("api_key=\(includingKey ? PathSegment.encode(configuration.apiKey) : "REDACTED")", at: 0)
        return base + endpoint.path + "?" + items.joined(separator: "&")
    }
}

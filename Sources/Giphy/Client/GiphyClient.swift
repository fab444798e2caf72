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
        self.cache = ResponseCache(capacity: configuration.cacheCapacity, maximumBytes: configuration.cacheMaximumBytes,
                                   timeToLive: configuration.cacheTimeToLive, entries: metrics.cacheEntriesGauge(),
                                   bytes: metrics.cacheBytesGauge())
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
        return try await fetch(.translate(phrase, rating: rating, lang: configuration.language), GiphyPayload.singleGif) { $0.data ?? nil }
    }

    public func random(tag: String?, rating: ContentRating, randomID: String?) async throws -> GiphyGif? {
        if let tag { try checkLength(tag) }
        return try await fetch(.random(tag: tag, rating: rating, randomID: randomID), GiphyPayload.singleGif) { $0.data ?? nil }
    }

    public func gif(id: String) async throws -> GiphyGif {
        guard let gif = try await fetch(.gif(id: id), GiphyPayload.singleGif, { $0.data ?? nil }) else { throw GiphyError.notFound }
        return gif
    }

    public func gifs(ids: [String], rating: ContentRating) async throws -> [GiphyGif] {
        guard !ids.isEmpty else { return [] }
        let ids = Array(ids.prefix(GiphyLimits.maximumIDsPerCall))
        return try await fetch(.gifs(ids: ids, rating: rating), GiphyPayload.gifList) { try GiphyPayload.required($0.data).elements }
    }

    public func autocomplete(_ prefix: String, limit: Int) async throws -> [String] {
        try checkLength(prefix)
        return try await fetch(.autocomplete(prefix, limit: limit), GiphyPayload.terms) { try GiphyPayload.required($0.data).elements }
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
            counter.record(endpoint: "local_check", outcome: CallOutcome.label(for: GiphyError.queryTooLong(maximum: 0)))
            throw GiphyError.queryTooLong(maximum: GiphyLimits.maximumQueryLength)
        }
    }

    private func page(_ endpoint: GiphyEndpoint, offset: Int) async throws -> GifPage {
        try await fetch(endpoint, GiphyPayload.gifList) { try GifPage(body: $0, requestedOffset: offset) }
    }

    /// Cache, then rate-limit gate, then one shared call. The cache holds `Value`, the compact
    /// result, never the response.
    private func fetch<Payload, Value: CacheCosting>(_ endpoint: GiphyEndpoint, _ payload: @escaping @Sendable (inout JSONReader) throws -> Payload,
                                                     _ value: @escaping @Sendable (GiphyBody<Payload>) throws -> Value) async throws -> Value {
        let key = endpoint.cacheKey
        if endpoint.isCacheable {
            // Unwrapped before the cast: nil cast to an optional `Value` would succeed.
            if let cached = await cache.fresh(key), let cached = cached as? Value {
                counter.record(endpoint: endpoint.name, outcome: CallOutcome.cacheHit)
                return cached
            }
            counter.metrics.cacheMissed(endpoint: endpoint.name)
        }
        if let secondsLeft = await gate.secondsRemaining() {
            if endpoint.isCacheable, let stale = await cache.stale(key), let stale = stale as? Value {
                counter.record(endpoint: endpoint.name, outcome: CallOutcome.cacheHit)
                return stale
            }
            throw GiphyError.rateLimited(retryAfterSeconds: secondsLeft)
        }
        guard endpoint.isCacheable else { return try await call(endpoint, payload, value) }
        let shared = try await cache.singleFlight(key, store: true) { [self] in try await self.call(endpoint, payload, value) }
        guard let result = shared as? Value else {
            throw GiphyError.unavailable
        }
        return result
    }

    /// One HTTP call: counted, logged without the key, classified and read in one pass.
    private func call<Payload, Value>(_ endpoint: GiphyEndpoint, _ payload: (inout JSONReader) throws -> Payload,
                                      _ value: (GiphyBody<Payload>) throws -> Value) async throws -> Value {
        let started = ContinuousClock.now
        do {
            let raw = try await transport.get(url(for: endpoint, includingKey: true), timeout: configuration.timeout)
            let body = try? GiphyBody(json: raw.body, data: payload)
            // Only a body that could not be read with its payload is read again, for its envelope.
            let envelope = body?.envelope ?? (try? GiphyBody(json: raw.body, data: GiphyPayload.skipped).envelope)
            try ResponseClassifier.check(status: raw.status, envelope: envelope, rateLimitCooldownSeconds: await gate.cooldownSeconds)
            // A body that reads but lacks what its endpoint always sends is no answer either.
            guard let body, let result = try? value(body) else { throw GiphyError.unavailable }
            counter.record(endpoint: endpoint.name, outcome: CallOutcome.success)
            log(endpoint, outcome: CallOutcome.success, since: started)
            return result
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

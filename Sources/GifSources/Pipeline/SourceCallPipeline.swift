/// What every source's client does around one call: serve from the cache, stay away after a
/// 429 (serving stale answers meanwhile), share concurrent identical calls, and count and time
/// each call. One pipeline per source, so each has its own cache, gate and counts. The cache holds
/// compact values, never responses.
public final class SourceCallPipeline: Sendable {
    public let counter: CallCounter
    private let cache: ResponseCache
    private let gate: RateLimitGate

    public init(
        metrics: SourceMetrics, cacheCapacity: Int, cacheMaximumBytes: Int, cacheTimeToLive: Duration,
        rateLimitCooldown: Duration, sharedCooldown: (any RateLimitCooldownStore)? = nil
    ) {
        counter = CallCounter(metrics: metrics)
        cache = ResponseCache(
            capacity: cacheCapacity, maximumBytes: cacheMaximumBytes, timeToLive: cacheTimeToLive,
            entries: metrics.cacheEntriesGauge(), bytes: metrics.cacheBytesGauge())
        gate = RateLimitGate(cooldown: rateLimitCooldown, shared: sharedCooldown)
    }

    /// Seconds left in the 429 cool-down, or nil when calls are allowed.
    public func coolingDown() async -> Int? {
        await gate.secondsRemaining()
    }

    public var rateLimitCooldownSeconds: Int {
        get async { await gate.cooldownSeconds }
    }

    /// Cache, then rate-limit gate, then one shared call. `cacheKey` must name the source and
    /// hold no secret.
    public func fetch<Value: CacheCosting>(
        endpoint: String, cacheKey key: String, cacheable: Bool,
        call: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        if cacheable {
            // Unwrapped before the cast: nil cast to an optional `Value` would succeed.
            if let cached = await cache.fresh(key), let cached = cached as? Value {
                counter.record(endpoint: endpoint, outcome: CallOutcome.cacheHit)
                return cached
            }
            counter.metrics.cacheMissed(endpoint: endpoint)
        }
        if let secondsLeft = await gate.secondsRemaining() {
            if cacheable, let stale = await cache.stale(key), let stale = stale as? Value {
                counter.record(endpoint: endpoint, outcome: CallOutcome.cacheHit)
                return stale
            }
            throw GifSourceError.rateLimited(retryAfterSeconds: secondsLeft)
        }
        guard cacheable else { return try await counted(endpoint, call) }
        let shared = try await cache.singleFlight(key, store: true) { [self] in try await self.counted(endpoint, call) }
        // Two endpoints under one cache key would share an answer of the wrong type.
        guard let result = shared as? Value else { throw GifSourceError.unavailable }
        return result
    }

    /// Counts a call the source could not make for a reason found before calling.
    public func recordLocalFailure(_ error: GifSourceError) {
        counter.record(endpoint: "local_check", outcome: error.outcomeLabel)
    }

    private func counted<Value>(_ endpoint: String, _ call: @Sendable () async throws -> Value) async throws -> Value {
        let started = ContinuousClock.now
        do {
            let result = try await call()
            counter.record(endpoint: endpoint, outcome: CallOutcome.success)
            counter.metrics.called(endpoint: endpoint, took: .now - started)
            return result
        } catch let error as GifSourceError {
            if error.isRateLimit { await gate.close() }
            counter.record(endpoint: endpoint, outcome: error.outcomeLabel)
            counter.metrics.called(endpoint: endpoint, took: .now - started)
            throw error
        }
    }
}

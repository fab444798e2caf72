import GifSources
import HTTPTransport
import Logging

/// The skeleton every GIF source's client stands on: its call pipeline (cache, single flight,
/// the 429 gate, call counting) built from its settings, and `exchange`, one HTTP call with the
/// transport's failures turned into `GifSourceError` the one way, timed, and logged under the
/// source's name without its key. A new source is a folder of endpoints, models and a
/// classifier on this, not a copy of another client.
public struct SourceClientCore: Sendable {
    public let pipeline: SourceCallPipeline
    public let logger: Logger
    /// How log lines name the source: "GIPHY".
    let source: String
    let transport: any HTTPRequestTransport
    let timeout: Duration

    /// - Parameter sharedCooldown: where other instances with the same key see a 429 cool-down.
    public init(
        source: String, settings: some SourceClientSettings, transport: any HTTPRequestTransport,
        metrics: SourceMetrics, sharedCooldown: (any RateLimitCooldownStore)?, logger: Logger
    ) {
        self.source = source
        self.transport = transport
        self.timeout = settings.timeout
        self.logger = logger
        pipeline = SourceCallPipeline(
            metrics: metrics, cacheCapacity: settings.cacheCapacity, cacheMaximumBytes: settings.cacheMaximumBytes,
            cacheTimeToLive: settings.cacheTimeToLive, rateLimitCooldown: settings.rateLimitCooldown,
            sharedCooldown: sharedCooldown)
    }

    public var counter: CallCounter { pipeline.counter }

    /// Seconds left in the 429 cool-down, or nil when calls are allowed.
    public func coolingDown() async -> Int? {
        await pipeline.coolingDown()
    }

    /// One HTTP call: a GET, or with `body` a JSON POST, to `url`, its answer read by `read`
    /// (which classifies and decodes, throwing `GifSourceError`). Logged at debug with
    /// `loggedURL`, which must not carry the key, the outcome and the duration.
    public func exchange<Value>(
        endpoint: String, url: String, loggedURL: @autoclosure () -> String, posting body: [UInt8]? = nil,
        read: (HTTPTransportResponse) async throws -> Value
    ) async throws -> Value {
        let started = ContinuousClock.now
        do {
            let raw: HTTPTransportResponse
            do {
                raw =
                    if let body {
                        try await transport.post(url, json: body, timeout: timeout)
                    } else {
                        try await transport.get(url, timeout: timeout)
                    }
            } catch TransportFailure.timeout {
                throw GifSourceError.timeout
            } catch TransportFailure.oversizedAnswer {
                // Reached, but far more than any answer: the source's trouble, not the network's.
                throw GifSourceError.unavailable
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw GifSourceError.networkUnreachable
            }
            let value = try await read(raw)
            log(endpoint, loggedURL(), outcome: CallOutcome.success, since: started)
            return value
        } catch let error as GifSourceError {
            log(endpoint, loggedURL(), outcome: error.outcomeLabel, since: started)
            throw error
        }
    }

    /// The URL is written only when the line is: building it costs as much as a small answer's
    /// decoding, and debug lines are off in production.
    private func log(
        _ endpoint: String, _ url: @autoclosure () -> String, outcome: String, since started: ContinuousClock.Instant
    ) {
        logger.debug(
            "\(source) call",
            metadata: [
                "endpoint": "\(endpoint)", "url": "\(url())", "outcome": "\(outcome)",
                "duration_ms": "\((ContinuousClock.now - started).milliseconds)",
            ])
    }
}

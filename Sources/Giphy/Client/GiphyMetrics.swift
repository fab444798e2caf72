import CoreMetrics

/// GIPHY's metrics. Calls and cache hits arrive through `CallCounter`, the one place calls are
/// counted, so nothing is counted twice. Labels are endpoint names and outcome names only.
public struct GiphyMetrics: Sendable {
    /// Calls by `endpoint` and `outcome` (ok, rate_limited, timeout, …); cache hits are not calls.
    public static let calls = "gifbot_giphy_calls_total"
    /// Time of each call that went to GIPHY, by `endpoint`.
    public static let requestDuration = "gifbot_giphy_request_duration_seconds"
    public static let cacheHits = "gifbot_giphy_cache_hits_total"
    public static let cacheMisses = "gifbot_giphy_cache_misses_total"
    /// Answers held in the cache now.
    public static let cacheEntries = "gifbot_giphy_cache_entries"
    /// Estimated bytes of the answers held in the cache now (bounded by `giphy.cache_max_mib`).
    public static let cacheBytes = "gifbot_giphy_cache_bytes"

    private let factory: any MetricsFactory
    private let handles: MetricHandles

    public init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
        handles = MetricHandles(factory: factory)
    }

    func recorded(endpoint: String, outcome: String) {
        if outcome == CallOutcome.cacheHit {
            handles.counter(Self.cacheHits, [("endpoint", endpoint)]).increment()
        } else {
            handles.counter(Self.calls, [("endpoint", endpoint), ("outcome", outcome)]).increment()
        }
    }

    func cacheMissed(endpoint: String) {
        handles.counter(Self.cacheMisses, [("endpoint", endpoint)]).increment()
    }

    func called(endpoint: String, took duration: Duration) {
        handles.timer(Self.requestDuration, [("endpoint", endpoint)]).recordNanoseconds(duration.nanoseconds)
    }

    func cacheEntriesGauge() -> Gauge {
        Gauge(label: Self.cacheEntries, factory: factory)
    }

    func cacheBytesGauge() -> Gauge {
        Gauge(label: Self.cacheBytes, factory: factory)
    }
}

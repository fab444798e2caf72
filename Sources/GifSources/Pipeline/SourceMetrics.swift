import CoreMetrics

/// A GIF source's metrics. Calls and cache hits arrive through `CallCounter`, the one place calls
/// are counted, so nothing is counted twice. Labels are the source, endpoint names and outcome
/// names only. GIPHY keeps its metric names (`gifbot_giphy_…`, which dashboards use); every other
/// source gets the same family under its own name (`gifbot_klipy_…`), all with a `source` label.
public struct SourceMetrics: Sendable {
    /// Calls by `endpoint` and `outcome` (ok, rate_limited, timeout, …); cache hits are not calls.
    public static func calls(_ source: GifSourceID) -> String { "gifbot_\(source.rawValue)_calls_total" }
    /// Time of each call that went to the source, by `endpoint`.
    public static func requestDuration(_ source: GifSourceID) -> String { "gifbot_\(source.rawValue)_request_duration_seconds" }
    public static func cacheHits(_ source: GifSourceID) -> String { "gifbot_\(source.rawValue)_cache_hits_total" }
    public static func cacheMisses(_ source: GifSourceID) -> String { "gifbot_\(source.rawValue)_cache_misses_total" }
    /// Answers held in the cache now.
    public static func cacheEntries(_ source: GifSourceID) -> String { "gifbot_\(source.rawValue)_cache_entries" }
    /// Estimated bytes of the answers held in the cache now (bounded by `<source>.cache_max_bytes`).
    public static func cacheBytes(_ source: GifSourceID) -> String { "gifbot_\(source.rawValue)_cache_bytes" }

    public let source: GifSourceID
    private let factory: any MetricsFactory

    public init(source: GifSourceID, factory: any MetricsFactory = MetricsSystem.factory) {
        self.source = source
        self.factory = factory
    }

    func recorded(endpoint: String, outcome: String) {
        if outcome == CallOutcome.cacheHit {
            Counter(label: Self.cacheHits(source), dimensions: [("endpoint", endpoint), sourceLabel], factory: factory).increment()
        } else {
            Counter(label: Self.calls(source), dimensions: [("endpoint", endpoint), ("outcome", outcome), sourceLabel], factory: factory).increment()
        }
    }

    func cacheMissed(endpoint: String) {
        Counter(label: Self.cacheMisses(source), dimensions: [("endpoint", endpoint), sourceLabel], factory: factory).increment()
    }

    func called(endpoint: String, took duration: Duration) {
        Timer(label: Self.requestDuration(source), dimensions: [("endpoint", endpoint), sourceLabel], factory: factory)
            .recordNanoseconds(duration.nanoseconds)
    }

    func cacheEntriesGauge() -> Gauge {
        Gauge(label: Self.cacheEntries(source), dimensions: [sourceLabel], factory: factory)
    }

    func cacheBytesGauge() -> Gauge {
        Gauge(label: Self.cacheBytes(source), dimensions: [sourceLabel], factory: factory)
    }

    private var sourceLabel: (String, String) { ("source", source.rawValue) }
}

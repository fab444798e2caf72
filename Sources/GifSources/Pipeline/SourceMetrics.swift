import CoreMetrics

/// A GIF source's metrics. Calls and cache hits arrive through `CallCounter`, the one place calls
/// are counted, so nothing is counted twice. Labels are the source, endpoint names and outcome
/// names only. GIPHY keeps its metric names (`gifbot_giphy_…`, which dashboards use); every other
/// source gets the same family under its own name (`gifbot_klipy_…`), all with a `source` label.
public struct SourceMetrics: Sendable {
    /// Calls by `endpoint` and `outcome` (ok, rate_limited, timeout, …); cache hits are not calls.
    public static let calls = "gifbot_giphy_calls_total"
    /// Time of each call that went to the source, by `endpoint`.
    public static let requestDuration = "gifbot_giphy_request_duration_seconds"
    public static let cacheHits = "gifbot_giphy_cache_hits_total"
    public static let cacheMisses = "gifbot_giphy_cache_misses_total"
    /// Answers held in the cache now.
    public static let cacheEntries = "gifbot_giphy_cache_entries"
    /// Estimated bytes of the answers held in the cache now (bounded by `giphy.cache_max_mib`, or
    /// the source's own cache size).
    public static let cacheBytes = "gifbot_giphy_cache_bytes"

    /// One of the names above for `source`: GIPHY's as they are, `gifbot_klipy_…` for KLIPY.
    public static func name(_ giphyName: String, for source: GifSourceID) -> String {
        "gifbot_\(source.rawValue)_" + giphyName.dropFirst("gifbot_giphy_".count)
    }

    public let source: GifSourceID
    private let factory: any MetricsFactory
    /// Counters and timers made once per label set (issue 9: no registry lookup per call).
    private let handles: MetricHandles

    public init(source: GifSourceID, factory: any MetricsFactory = MetricsSystem.factory) {
        self.source = source
        self.factory = factory
        handles = MetricHandles(factory: factory)
    }

    func recorded(endpoint: String, outcome: String) {
        if outcome == CallOutcome.cacheHit {
            handles.counter(Self.name(Self.cacheHits, for: source), [("endpoint", endpoint), sourceLabel]).increment()
        } else {
            handles.counter(
                Self.name(Self.calls, for: source), [("endpoint", endpoint), ("outcome", outcome), sourceLabel]
            ).increment()
        }
    }

    func cacheMissed(endpoint: String) {
        handles.counter(Self.name(Self.cacheMisses, for: source), [("endpoint", endpoint), sourceLabel]).increment()
    }

    func called(endpoint: String, took duration: Duration) {
        handles.timer(Self.name(Self.requestDuration, for: source), [("endpoint", endpoint), sourceLabel])
            .recordNanoseconds(duration.nanoseconds)
    }

    func cacheEntriesGauge() -> Gauge {
        Gauge(label: Self.name(Self.cacheEntries, for: source), dimensions: [sourceLabel], factory: factory)
    }

    func cacheBytesGauge() -> Gauge {
        Gauge(label: Self.name(Self.cacheBytes, for: source), dimensions: [sourceLabel], factory: factory)
    }

    private var sourceLabel: (String, String) { ("source", source.rawValue) }
}

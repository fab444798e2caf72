import Synchronization

/// Counts GIPHY calls per endpoint and outcome, for tests that prove calls were saved, and
/// feeds the same events to the metrics.
public final class CallCounter: Sendable {
    public struct Key: Hashable, Sendable {
        public let endpoint: String
        public let outcome: String
    }

    private let counts = Mutex<[Key: Int]>([:])
    let metrics: GiphyMetrics

    public init(metrics: GiphyMetrics = GiphyMetrics()) {
        self.metrics = metrics
    }

    func record(endpoint: String, outcome: String) {
        counts.withLock { $0[Key(endpoint: endpoint, outcome: outcome), default: 0] += 1 }
        metrics.recorded(endpoint: endpoint, outcome: outcome)
    }

    /// A copy of every count so far.
    public func snapshot() -> [Key: Int] {
        counts.withLock { $0 }
    }

    /// Calls made to one endpoint (all outcomes) — cache hits are not calls and are not counted here.
    public func calls(to endpoint: String) -> Int {
        snapshot().filter { $0.key.endpoint == endpoint && $0.key.outcome != CallOutcome.cacheHit }.values.reduce(0, +)
    }
}

/// The outcome labels used by `CallCounter`.
public enum CallOutcome {
    public static let success = "ok"
    public static let cacheHit = "cache_hit"

    static func label(for error: any Error) -> String {
        switch error as? GiphyError {
        case .invalidAPIKey: "invalid_key"
        case .rateLimited: "rate_limited"
        case .queryTooLong: "query_too_long"
        case .notFound: "not_found"
        case .badRequest: "bad_request"
        case .unavailable: "unavailable"
        case .timeout: "timeout"
        case .networkUnreachable: "network"
        case nil: "other"
        }
    }
}

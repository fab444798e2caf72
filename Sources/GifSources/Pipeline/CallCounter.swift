import Synchronization

/// Counts one source's calls per endpoint and outcome, for tests that prove calls were saved,
/// and feeds the same events to the metrics.
public final class CallCounter: Sendable {
    public struct Key: Hashable, Sendable {
        public let endpoint: String
        public let outcome: String

        public init(endpoint: String, outcome: String) {
            self.endpoint = endpoint
            self.outcome = outcome
        }
    }

    private let counts = Mutex<[Key: Int]>([:])
    let metrics: SourceMetrics

    public init(metrics: SourceMetrics) {
        self.metrics = metrics
    }

    public func record(endpoint: String, outcome: String) {
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
}

import CoreMetrics
import Synchronization

/// Counters and timers made once per label and dimensions, then reused. The label values come
/// from small fixed sets (command names, outcomes, endpoints), so the table stays small.
public final class MetricHandles: Sendable {
    private struct Key: Hashable {
        let label: String
        let dimensions: [String]
    }

    private let factory: any MetricsFactory
    private let counters = Mutex<[Key: Counter]>([:])
    private let timers = Mutex<[Key: Timer]>([:])

    public init(factory: any MetricsFactory) {
        self.factory = factory
    }

    public func counter(_ label: String, _ dimensions: [(String, String)]) -> Counter {
        let key = Key(label: label, dimensions: dimensions.flatMap { [$0.0, $0.1] })
        return counters.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = Counter(label: label, dimensions: dimensions, factory: factory)
            counters[key] = counter
            return counter
        }
    }

    public func timer(_ label: String, _ dimensions: [(String, String)]) -> Timer {
        let key = Key(label: label, dimensions: dimensions.flatMap { [$0.0, $0.1] })
        return timers.withLock { timers in
            if let timer = timers[key] { return timer }
            let timer = Timer(label: label, dimensions: dimensions, factory: factory)
            timers[key] = timer
            return timer
        }
    }
}

import CoreMetrics
import Synchronization

/// One adapter's connection as operators see it: the adapter reports what happens (connecting,
/// connected and ready, lost) and this answers `/readyz` and keeps the connection metrics. A
/// connection is counted once in `gifbot_adapters_connected`, however often it is reported.
public final class AdapterStatus: ReadinessReporting {
    private struct State {
        var connected = false
        var problem: String? = "not connected"
        var attempts = 0
        var warnings: [String: Warning] = [:]
    }

    /// A warning as set, or asked for whenever `/readyz` is: for a state another process may
    /// change (an operator accepting a Matrix identity from the command line).
    private enum Warning {
        case fixed(String)
        case asked(@Sendable () async -> String?)
    }

    /// "irc", "matrix" or "console": the only adapter label metrics carry.
    public let kind: String
    /// The configured network or account, named in `/readyz` only (never a metric label).
    public let name: String
    private let state = Mutex(State())
    private let connectedAdapters: Meter
    private let reconnects: Counter
    private let replies: Counter

    public init(kind: String, name: String, factory: any MetricsFactory = MetricsSystem.factory) {
        self.kind = kind
        self.name = name
        connectedAdapters = Meter(label: MetricName.adaptersConnected, dimensions: [("kind", kind)], factory: factory)
        reconnects = Counter(label: MetricName.adapterReconnects, dimensions: [("kind", kind)], factory: factory)
        replies = Counter(label: MetricName.replies, dimensions: [("adapter", kind)], factory: factory)
    }

    /// A connection attempt starts; every attempt after the first is a reconnect.
    public func connecting() {
        let isReconnect = state.withLock { state -> Bool in
            state.attempts += 1
            return state.attempts > 1
        }
        if isReconnect { reconnects.increment() }
        update(connected: false, problem: "connecting")
    }

    /// The connection's state now: `problem` nil means connected and ready for chat.
    public func update(connected: Bool, problem: String?) {
        let change = state.withLock { state -> Int in
            defer {
                state.connected = connected
                state.problem = problem
            }
            return state.connected == connected ? 0 : (connected ? 1 : -1)
        }
        if change > 0 { connectedAdapters.increment() }
        if change < 0 { connectedAdapters.decrement() }
    }

    /// Connected, joined where it should be, answering.
    public func ready() {
        update(connected: true, problem: nil)
    }

    public func disconnected(_ reason: String) {
        update(connected: false, problem: reason)
    }

    /// Replies handed to the network (or the terminal).
    public func repliesSent(_ count: Int) {
        guard count > 0 else { return }
        replies.increment(by: count)
    }

    /// Something the operator must fix that does not stop the adapter serving, about `topic`
    /// (one warning per topic, such as "cross-signing"); nil clears it.
    public func warn(_ warning: String?, about topic: String) {
        state.withLock { $0.warnings[topic] = warning.map(Warning.fixed) }
    }

    /// The warning about `topic` is whatever `source` says when `/readyz` asks (nil: none).
    public func warn(about topic: String, from source: @escaping @Sendable () async -> String?) {
        state.withLock { $0.warnings[topic] = .asked(source) }
    }

    public func readinessWarnings() async -> [String] {
        let warnings = state.withLock { $0.warnings }.sorted { $0.key < $1.key }.map(\.value)
        var lines: [String] = []
        for warning in warnings {
            switch warning {
            case .fixed(let text): lines.append("\(kind):\(name): \(text)")
            case .asked(let source): if let text = await source() { lines.append("\(kind):\(name): \(text)") }
            }
        }
        return lines
    }

    public var isReady: Bool { state.withLock { $0.problem == nil } }

    public func readinessProblem() async -> String? {
        state.withLock { $0.problem }.map { "\(kind):\(name): \($0)" }
    }
}

import CoreMetrics
import Synchronization

/// Lines waiting to be written, in two lanes: registration, PONG and QUIT go first and skip the
/// flood bucket; everything else waits its turn in order. The writer drains it; producers
/// never block.
final class IRCOutgoingQueue: Sendable {
    private struct Lanes {
        var urgent: [IRCMessage] = []
        var normal: [IRCMessage] = []
        var closed = false
    }

    /// Queued ordinary lines beyond this are dropped (and counted): a bot that cannot keep up
    /// must not grow without bound.
    static let maximumQueuedLines = 500

    private let lanes = Mutex(Lanes())
    private let wakeUp: AsyncStream<Void>.Continuation
    let wakeUps: AsyncStream<Void>
    /// Follows the number of queued lines, for the metrics.
    private let depth: Meter?

    init(depth: Meter? = nil) {
        (wakeUps, wakeUp) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.depth = depth
    }

    /// Queues lines; returns how many were dropped because the queue was full.
    @discardableResult
    func enqueue(_ messages: [IRCMessage], bypassFloodControl: Bool) -> Int {
        let dropped = lanes.withLock { lanes -> Int in
            guard !lanes.closed else { return messages.count }
            if bypassFloodControl {
                lanes.urgent += messages
                return 0
            }
            let room = max(0, Self.maximumQueuedLines - lanes.normal.count)
            lanes.normal += messages.prefix(room)
            return messages.count - min(room, messages.count)
        }
        if messages.count > dropped { depth?.increment(by: Double(messages.count - dropped)) }
        wakeUp.yield()
        return dropped
    }

    /// The next urgent line, if any.
    func nextUrgent() -> IRCMessage? {
        let next = lanes.withLock { $0.urgent.isEmpty ? nil : $0.urgent.removeFirst() }
        if next != nil { depth?.decrement() }
        return next
    }

    /// The next ordinary line, if any.
    func peekNormal() -> IRCMessage? {
        lanes.withLock { $0.normal.first }
    }

    func removeFirstNormal() {
        let removed = lanes.withLock { $0.normal.isEmpty ? nil : $0.normal.removeFirst() }
        if removed != nil { depth?.decrement() }
    }

    var pendingCount: Int { lanes.withLock { $0.urgent.count + $0.normal.count } }

    /// Lines still queued are discarded: the connection they were for is closing.
    func close() {
        let discarded = lanes.withLock { lanes -> Int in
            defer { lanes = Lanes(closed: true) }
            return lanes.urgent.count + lanes.normal.count
        }
        if discarded > 0 { depth?.decrement(by: Double(discarded)) }
        wakeUp.finish()
    }
}

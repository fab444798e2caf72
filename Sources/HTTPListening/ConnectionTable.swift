import NIOCore
import Synchronization

/// The open connections of one listener (the ops endpoint, the gallery), at most `capacity` of them. A connection that
/// would go over the cap pushes out the one idle the longest (one with no request being
/// answered), so a crowd of idle or half-sent connections cannot lock probes out; only when
/// every connection is being answered is the newcomer turned away.
public final class ConnectionTable: Sendable {
    public enum Admission {
        case admitted(evicting: (any Channel)?)
        case refused
    }

    private struct Entry {
        let channel: any Channel
        /// When the connection last became idle, in admissions and answers counted so far; nil
        /// while a request is being answered.
        var idleSince: UInt64?
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var tick: UInt64 = 0

        mutating func nextTick() -> UInt64 {
            tick += 1
            return tick
        }
    }

    public let capacity: Int
    private let state = Mutex(State())

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Counts `channel` in, idle; says which connection the caller must close to make room.
    public func admit(_ channel: any Channel) -> Admission {
        state.withLock { state in
            var evicted: (any Channel)?
            if state.entries.count >= capacity {
                let oldestIdle = state.entries.compactMap { key, entry in entry.idleSince.map { (key: key, since: $0) }
                }
                .min { $0.since < $1.since }
                guard let oldestIdle else { return .refused }
                evicted = state.entries.removeValue(forKey: oldestIdle.key)?.channel
            }
            state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: state.nextTick())
            return .admitted(evicting: evicted)
        }
    }

    /// A whole request has arrived: the connection is answering, not to be pushed out.
    public func answering(_ channel: any Channel) {
        state.withLock { state in
            state.entries[ObjectIdentifier(channel)]?.idleSince = nil
        }
    }

    /// The answer is written: the connection waits for its next request.
    public func idle(_ channel: any Channel) {
        state.withLock { state in
            guard state.entries[ObjectIdentifier(channel)] != nil else { return }
            let tick = state.nextTick()
            state.entries[ObjectIdentifier(channel)]?.idleSince = tick
        }
    }

    public func remove(_ channel: any Channel) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    public var count: Int { state.withLock { $0.entries.count } }
}

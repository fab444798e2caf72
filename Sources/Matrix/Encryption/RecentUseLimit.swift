import Foundation
import Synchronization

/// At most `limit` uses of each key within `window`: for what another user, or anyone who can
/// send the bot an event, can make it do again and again (ask for a room key, mend a session,
/// claim one-time keys, take a room key). Uses older than `window` are forgotten, and at most
/// `maximumKeys` keys are tracked, so a flood of keys costs bounded memory: a new key past that
/// first drops the keys whose uses have all expired, else the key used longest ago.
final class RecentUseLimit<Key: Hashable & Sendable>: Sendable {
    let limit: Int
    let window: TimeInterval
    let maximumKeys: Int
    private let uses = Mutex<[Key: [Date]]>([:])

    init(limit: Int, window: TimeInterval, maximumKeys: Int = 1_000) {
        self.limit = limit
        self.window = window
        self.maximumKeys = maximumKeys
    }

    /// Counts a use of `key` and returns true, or returns false (and counts nothing) when `key`
    /// has had `limit` uses within the window already.
    func admit(_ key: Key, now: Date) -> Bool {
        uses.withLock { uses in
            let recent = Self.recent(uses[key] ?? [], now: now, window: window)
            guard recent.count < limit else {
                uses[key] = recent
                return false
            }
            if uses[key] == nil, uses.count >= maximumKeys { makeRoom(in: &uses, now: now) }
            uses[key] = recent + [now]
            return true
        }
    }

    /// Whether `key` could be used now, counting nothing.
    func allows(_ key: Key, now: Date) -> Bool {
        uses.withLock { Self.recent($0[key] ?? [], now: now, window: window).count < limit }
    }

    /// Forgets the uses of `key`.
    func reset(_ key: Key) {
        _ = uses.withLock { $0.removeValue(forKey: key) }
    }

    var trackedKeys: Int { uses.withLock { $0.count } }

    private static func recent(_ dates: [Date], now: Date, window: TimeInterval) -> [Date] {
        dates.filter { now.timeIntervalSince($0) < window }
    }

    private func makeRoom(in uses: inout [Key: [Date]], now: Date) {
        uses = uses.filter { !Self.recent($0.value, now: now, window: window).isEmpty }
        if uses.count >= maximumKeys,
            let oldest = uses.min(by: { ($0.value.last ?? now) < ($1.value.last ?? now) })?.key
        {
            uses[oldest] = nil
        }
    }
}

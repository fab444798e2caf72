import CoreMetrics

/// An in-memory LRU cache of decoded GIPHY answers with a time to live, plus single-flight:
/// concurrent requests for the same key share one call. GIPHY beta keys allow 100 calls an
/// hour, so every call saved here is a user served.
actor ResponseCache {
    private struct Entry {
        let value: any Sendable
        let storedAt: ContinuousClock.Instant
        var lastUsed: UInt64
    }

    private let capacity: Int
    private let timeToLive: Duration
    private var entries: [String: Entry] = [:]
    private var inFlight: [String: Task<any Sendable, any Error>] = [:]
    private var useCounter: UInt64 = 0
    /// Reports how many answers are held, for the metrics.
    private let entriesGauge: Gauge?

    /// - Parameters:
    ///   - capacity: at most this many answers are kept; the least recently used goes first.
    ///   - timeToLive: how long an answer is fresh; `.zero` turns caching off (single-flight stays).
    init(capacity: Int, timeToLive: Duration, entries: Gauge? = nil) {
        self.capacity = max(1, capacity)
        self.timeToLive = timeToLive
        self.entriesGauge = entries
    }

    var count: Int { entries.count }

    /// A fresh answer, or nil.
    func fresh(_ key: String) -> (any Sendable)? {
        guard let entry = entries[key], ContinuousClock.now - entry.storedAt < timeToLive else { return nil }
        touch(key)
        return entry.value
    }

    /// Any answer still held, however old: used while GIPHY's rate limit makes a call impossible.
    func stale(_ key: String) -> (any Sendable)? {
        guard let entry = entries[key] else { return nil }
        touch(key)
        return entry.value
    }

    /// Runs `fetch` unless a call for the same key is already under way, in which case its
    /// result is shared. A successful result is stored.
    func singleFlight(_ key: String, store: Bool, fetch: @escaping @Sendable () async throws -> any Sendable) async throws -> any Sendable {
        if let running = inFlight[key] {
            return try await running.value
        }
        let task = Task { try await fetch() }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        let value = try await task.value
        if store { insert(value, for: key) }
        return value
    }

    private func insert(_ value: any Sendable, for key: String) {
        guard timeToLive > .zero else { return }
        useCounter += 1
        entries[key] = Entry(value: value, storedAt: .now, lastUsed: useCounter)
        while entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
            entries[oldest] = nil
        }
        entriesGauge?.record(entries.count)
    }

    private func touch(_ key: String) {
        useCounter += 1
        entries[key]?.lastUsed = useCounter
    }
}

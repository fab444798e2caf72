import CoreMetrics

/// An in-memory LRU cache of compact GIPHY answers (`GifPage`, `GiphyGif`, terms) with a time
/// to live, bounded by entries and by bytes, plus single-flight: concurrent requests for the
/// same key share one call. GIPHY beta keys allow 100 calls an hour, so every call saved here
/// is a user served; the byte bound keeps memory flat however many distinct queries arrive.
actor ResponseCache {
    private struct Entry {
        let value: any Sendable
        let bytes: Int
        let storedAt: ContinuousClock.Instant
        var lastUsed: UInt64
    }

    private let capacity: Int
    private let maximumBytes: Int
    private let timeToLive: Duration
    private var entries: [String: Entry] = [:]
    /// The callers waiting for a call that another caller of the same key is making.
    private var inFlight: [String: [CheckedContinuation<any Sendable, any Error>]] = [:]
    private var useCounter: UInt64 = 0
    private(set) var totalBytes = 0
    /// Report what is held, for the metrics.
    private let entriesGauge: Gauge?
    private let bytesGauge: Gauge?

    /// - Parameters:
    ///   - capacity: at most this many answers are kept; the least recently used goes first.
    ///   - maximumBytes: and at most this many bytes of them, as `CacheCosting` estimates.
    ///   - timeToLive: how long an answer is fresh; `.zero` turns caching off (single-flight stays).
    init(capacity: Int, maximumBytes: Int = .max, timeToLive: Duration, entries: Gauge? = nil, bytes: Gauge? = nil) {
        self.capacity = max(1, capacity)
        self.maximumBytes = max(0, maximumBytes)
        self.timeToLive = timeToLive
        self.entriesGauge = entries
        self.bytesGauge = bytes
    }

    var count: Int { entries.count }

    /// How many callers wait for the call under way for `key`.
    func waitingCallers(_ key: String) -> Int { inFlight[key]?.count ?? 0 }

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
    ///
    /// The first caller makes the call in its own task and hands the result to those who came
    /// while it was under way. An unstructured task for the call ran it on Swift's global pool
    /// instead of the caller's event loop (a task of its own does not keep its creator's
    /// executor): each GIPHY search hopped threads and back for its request and its decoding.
    func singleFlight<Value: CacheCosting>(
        _ key: String, store: Bool,
        fetch: @Sendable () async throws -> Value
    ) async throws -> any Sendable {
        while inFlight[key] != nil {
            do {
                return try await withCheckedThrowingContinuation { inFlight[key, default: []].append($0) }
            } catch is CancellationError where !Task.isCancelled {
                // The caller making the call was cancelled, not this one: make it, or wait again.
            }
        }
        inFlight[key] = []
        let outcome: Result<any Sendable, any Error>
        do {
            outcome = .success(try await fetch())
        } catch {
            outcome = .failure(error)
        }
        for waiter in inFlight.removeValue(forKey: key) ?? [] { waiter.resume(with: outcome) }
        let value = try outcome.get()
        if store, let costed = value as? Value {
            insert(costed, bytes: costed.estimatedBytes + CacheCost.of(key) + CacheCost.entry, for: key)
        }
        return value
    }

    private func insert(_ value: any Sendable, bytes: Int, for key: String) {
        guard timeToLive > .zero, bytes <= maximumBytes else { return }
        useCounter += 1
        if let replaced = entries.updateValue(
            Entry(value: value, bytes: bytes, storedAt: .now, lastUsed: useCounter), forKey: key)
        {
            totalBytes -= replaced.bytes
        }
        totalBytes += bytes
        while entries.count > capacity || totalBytes > maximumBytes,
            let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key
        {
            totalBytes -= entries.removeValue(forKey: oldest)?.bytes ?? 0
        }
        entriesGauge?.record(entries.count)
        bytesGauge?.record(totalBytes)
    }

    private func touch(_ key: String) {
        useCounter += 1
        entries[key]?.lastUsed = useCounter
    }
}

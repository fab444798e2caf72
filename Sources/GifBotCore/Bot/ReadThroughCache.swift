/// Values read from the store on every command (a channel's settings, a user's favorites), kept
/// in memory for a few seconds after a read so the hot path rarely costs a query. A change goes
/// through `change`, which writes to the store and then drops the cached value; a read that was
/// under way when a change landed never fills the cache (its generation is stale), so an older
/// read can never overwrite a newer value. A change made by another instance sharing the
/// database is seen once the cached value expires.
actor ReadThroughCache<Key: Hashable & Sendable, Value: Sendable> {
    /// How stale a value changed on another instance can be here.
    static var defaultTimeToLive: Duration { .seconds(5) }

    private let timeToLive: Duration
    private let capacity: Int
    private var cached: [Key: (value: Value, until: ContinuousClock.Instant)] = [:]
    /// Keys in the order they were stored, which is the order they expire in (one time to live
    /// for all): expired values are dropped from the front on every insert, so the cache holds
    /// only values of the last `timeToLive`, and a full cache drops its oldest without a scan.
    /// An item whose key was changed or stored again since is skipped (its instant differs).
    private var storedOrder: [(key: Key, until: ContinuousClock.Instant)] = []
    private var storedOrderStart = 0
    /// Keys with reads under way, and how many changes landed since: a read fills the cache only
    /// if none did. Kept only while a read is under way, so an idle cache holds nothing here.
    private var readsUnderWay: [Key: (reads: Int, changes: Int)] = [:]

    /// - Parameter capacity: at most this many values are kept; when full, the oldest goes.
    init(timeToLive: Duration = defaultTimeToLive, capacity: Int) {
        self.timeToLive = timeToLive
        self.capacity = max(1, capacity)
    }

    /// The cached value while fresh, else what `read` returns (kept unless a change raced it).
    func value(for key: Key, read: @Sendable () async throws -> Value) async throws -> Value {
        let now = ContinuousClock.now
        if let entry = cached[key], entry.until > now { return entry.value }
        let changesBefore = readsUnderWay[key]?.changes ?? 0
        readsUnderWay[key, default: (0, 0)].reads += 1
        defer { finishRead(key) }
        let value = try await read()
        if readsUnderWay[key]?.changes == changesBefore, timeToLive > .zero { insert(value, for: key) }
        return value
    }

    /// Runs `write`, then forgets the key's value, also after a failed write: its outcome is
    /// unknown, so the next read asks the store.
    func change<Result: Sendable>(_ key: Key, write: @Sendable () async throws -> Result) async throws -> Result {
        defer {
            readsUnderWay[key]?.changes += 1
            cached[key] = nil
        }
        return try await write()
    }

    private func insert(_ value: Value, for key: Key) {
        let now = ContinuousClock.now
        makeRoom(for: key, now: now)
        let until = now + timeToLive
        cached[key] = (value, until)
        storedOrder.append((key, until))
    }

    /// Walks `storedOrder` from the front, dropping every expired value and, while the cache is
    /// full without `key`, the oldest; items whose value was since changed or stored again are
    /// passed over.
    private func makeRoom(for key: Key, now: ContinuousClock.Instant) {
        while storedOrderStart < storedOrder.count {
            let (oldest, until) = storedOrder[storedOrderStart]
            let isHeld = cached[oldest]?.until == until
            let isFull = cached[key] == nil && cached.count >= capacity
            guard !isHeld || until <= now || isFull else { break }
            storedOrderStart += 1
            if isHeld { cached[oldest] = nil }
        }
        if storedOrderStart > 64, storedOrderStart * 2 > storedOrder.count {
            storedOrder.removeFirst(storedOrderStart)
            storedOrderStart = 0
        }
    }

    private func finishRead(_ key: Key) {
        guard let entry = readsUnderWay[key] else { return }
        readsUnderWay[key] = entry.reads > 1 ? (entry.reads - 1, entry.changes) : nil
    }
}

import Synchronization

/// A token bucket per client: `perMinute` requests a minute on average, up to `perMinute` at
/// once after a quiet spell. It keeps at most `maximumClients` buckets, so a flood of addresses
/// costs bounded memory: a new client past that first drops the buckets that are full again
/// (idle clients), else the one seen longest ago.
final class RequestRateLimiter: Sendable {
    enum Admission: Equatable {
        case allowed
        /// Whole seconds until the next request would be allowed.
        case limited(retryAfter: Int)
    }

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    let perMinute: Int
    private let maximumClients: Int
    private let buckets = Mutex<[String: Bucket]>([:])

    init(perMinute: Int, maximumClients: Int = 10_000) {
        self.perMinute = perMinute
        self.maximumClients = maximumClients
    }

    private var capacity: Double { Double(perMinute) }
    private var perSecond: Double { Double(perMinute) / 60 }

    func admit(_ client: String, now: ContinuousClock.Instant = .now) -> Admission {
        buckets.withLock { buckets in
            var bucket = buckets[client].map { refilled($0, now: now) } ?? Bucket(tokens: capacity, updated: now)
            if buckets[client] == nil, buckets.count >= maximumClients { makeRoom(in: &buckets, now: now) }
            defer { buckets[client] = bucket }
            guard bucket.tokens >= 1 else {
                return .limited(retryAfter: max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up))))
            }
            bucket.tokens -= 1
            return .allowed
        }
    }

    var trackedClients: Int { buckets.withLock { $0.count } }

    private func refilled(_ bucket: Bucket, now: ContinuousClock.Instant) -> Bucket {
        let elapsed = now - bucket.updated
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Bucket(tokens: min(capacity, bucket.tokens + max(0, seconds) * perSecond), updated: now)
    }

    private func makeRoom(in buckets: inout [String: Bucket], now: ContinuousClock.Instant) {
        let before = buckets.count
        buckets = buckets.filter { refilled($0.value, now: now).tokens < capacity }
        if buckets.count == before, let oldest = buckets.min(by: { $0.value.updated < $1.value.updated })?.key {
            buckets[oldest] = nil
        }
    }
}

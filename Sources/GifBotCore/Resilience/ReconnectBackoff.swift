/// The one backoff of the bot, for IRC reconnects, Matrix logins and syncs, and Matrix sends:
/// exponential, jittered so that many bots restarted together do not retry in lockstep, and
/// reset once a connection has proven stable (or, for one-off calls, after a success).
public struct ReconnectBackoff: Sendable {
    private let initial: Duration
    private let maximum: Duration
    private let multiplier: Double
    private let jitter: Double
    private let stableAfter: Duration
    private var nextBase: Duration
    private var connectedAt: ContinuousClock.Instant?

    public init(
        initial: Duration = .seconds(2),
        maximum: Duration = .seconds(300),
        multiplier: Double = 2,
        jitter: Double = 0.2,
        stableAfter: Duration = .seconds(60)
    ) {
        self.initial = max(.zero, min(initial, maximum))
        self.maximum = max(.zero, maximum)
        self.multiplier = multiplier.isFinite ? max(1, multiplier) : 1
        self.jitter = jitter.isFinite ? min(max(0, jitter), 1) : 0
        self.stableAfter = stableAfter
        self.nextBase = self.initial
    }

    public mutating func nextDelay<R: RandomNumberGenerator>(using generator: inout R) -> Duration {
        let base = nextBase
        // Compared before multiplying so a huge multiplier cannot overflow Duration.
        nextBase = base >= maximum / multiplier ? maximum : base * multiplier
        let factor = jitter > 0 ? Double.random(in: (1 - jitter)...(1 + jitter), using: &generator) : 1
        let lowest = initial * (1 - jitter)
        let highest = maximum * (1 + jitter)
        return min(highest, max(lowest, base * factor))
    }

    public mutating func nextDelay() -> Duration {
        var generator = SystemRandomNumberGenerator()
        return nextDelay(using: &generator)
    }

    public mutating func connected(at instant: ContinuousClock.Instant) {
        connectedAt = instant
    }

    /// Starts over from the initial delay: the last attempt succeeded.
    public mutating func reset() {
        nextBase = initial
    }

    /// A connection that survived `stableAfter` means the trouble is over; a shorter one (e.g. a
    /// ban or bad password right after registration) keeps the growing delay.
    public mutating func disconnected(at instant: ContinuousClock.Instant) {
        if let connectedAt, connectedAt.duration(to: instant) >= stableAfter {
            nextBase = initial
        }
        connectedAt = nil
    }
}

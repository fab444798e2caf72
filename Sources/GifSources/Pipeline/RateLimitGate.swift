/// After a source answers 429 its client stays away until a cool-down has passed: hammering a
/// rate-limited key only extends the ban. With a shared cool-down store, instances using the
/// same key stay away together: one instance's 429 stops them all.
actor RateLimitGate {
    private let cooldown: Duration
    private let shared: (any RateLimitCooldownStore)?
    private var closedUntil: ContinuousClock.Instant?

    init(cooldown: Duration, shared: (any RateLimitCooldownStore)? = nil) {
        self.cooldown = cooldown
        self.shared = shared
    }

    /// Seconds left in the cool-down (rounded up), or nil when calls are allowed.
    func secondsRemaining() async -> Int? {
        if let closedUntil {
            let left = closedUntil - .now
            if left > .zero {
                return Int((Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18).rounded(.up))
            }
            self.closedUntil = nil
        }
        guard let seconds = await shared?.remainingCooldownSeconds(), seconds > 0 else { return nil }
        // Remembered here, so the calls that follow need not ask the store again.
        closedUntil = .now + .seconds(seconds)
        return seconds
    }

    func close() async {
        closedUntil = .now + cooldown
        await shared?.startCooldown(seconds: cooldownSeconds)
    }

    var cooldownSeconds: Int { Int(cooldown.components.seconds) }
}

/// Where instances sharing one source's key keep the cool-down after a 429. Failures are the
/// store's to log: an unreachable store must not stop GIPHY calls, so both answer quietly.
public protocol RateLimitCooldownStore: Sendable {
    /// Seconds left of a cool-down any instance started; nil when none runs.
    func remainingCooldownSeconds() async -> Int?
    /// Starts a cool-down of `seconds` for every instance (never shortening a longer one).
    func startCooldown(seconds: Int) async
}

/// After GIPHY answers 429 the client stays away until a cool-down has passed: hammering a
/// rate-limited key only extends the ban.
actor RateLimitGate {
    private let cooldown: Duration
    private var closedUntil: ContinuousClock.Instant?

    init(cooldown: Duration) {
        self.cooldown = cooldown
    }

    /// Seconds left in the cool-down (rounded up), or nil when calls are allowed.
    func secondsRemaining() -> Int? {
        guard let closedUntil else { return nil }
        let left = closedUntil - .now
        guard left > .zero else {
            self.closedUntil = nil
            return nil
        }
        return Int((Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18).rounded(.up))
    }

    func close() {
        closedUntil = .now + cooldown
    }

    var cooldownSeconds: Int { Int(cooldown.components.seconds) }
}

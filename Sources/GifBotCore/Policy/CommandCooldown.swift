/// Per-user flood protection: at most `limit` commands in a sliding `window`. The first command
/// over the limit gets one short notice; the rest are ignored silently until the window frees up,
/// so a flooding user cannot make the bot flood the channel in turn.
actor CommandCooldown {
    enum Admission: Equatable {
        case allowed
        /// Over the limit for the first time in this stretch: tell the user once.
        case limited(retryAfterSeconds: Int)
        /// Already told: stay silent.
        case ignored
    }

    private struct History {
        var times: [ContinuousClock.Instant] = []
        var warned = false
    }

    /// Users are forgotten once this long has passed since their last command.
    private let memory: Duration
    private var histories: [UserKey: History] = [:]
    private var admissionsSincePrune = 0

    init(memory: Duration = .seconds(3600)) {
        self.memory = memory
    }

    /// Admits a command unless the user sent `limit` commands within `window` (a `limit` of 0
    /// turns the cooldown off). The limits are passed per call: channels may have their own.
    func admit(_ user: UserKey, limit: Int, window: Duration, now: ContinuousClock.Instant = .now) -> Admission {
        guard limit > 0, window > .zero else { return .allowed }
        pruneOccasionally(now: now)
        var history = histories[user] ?? History()
        history.times.removeAll { now - $0 >= window }
        defer { histories[user] = history }
        if history.times.count < limit {
            history.times.append(now)
            history.warned = false
            return .allowed
        }
        if history.warned { return .ignored }
        history.warned = true
        let wait = window - (now - history.times[0])
        return .limited(
            retryAfterSeconds: max(1, Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0)))
    }

    /// Forgets users whose window has passed, so memory stays bounded by active users.
    private func pruneOccasionally(now: ContinuousClock.Instant) {
        admissionsSincePrune += 1
        guard admissionsSincePrune >= 1000 else { return }
        admissionsSincePrune = 0
        histories = histories.filter { _, history in history.times.contains { now - $0 < memory } }
    }
}

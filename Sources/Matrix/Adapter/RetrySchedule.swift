/// Exponential backoff with jitter for sync and login errors: never a tight loop against a
/// homeserver that is down.
struct RetrySchedule: Sendable {
    let initial: Duration
    let maximum: Duration
    private var current: Duration

    init(initial: Duration, maximum: Duration) {
        self.initial = initial
        self.maximum = maximum
        self.current = initial
    }

    mutating func next() -> Duration {
        let base = current
        current = min(current * 2, maximum)
        return base * Double.random(in: 0.8...1.2)
    }

    mutating func reset() {
        current = initial
    }
}

/// Paces outgoing lines so the server's flood protection never disconnects us.
///
/// Model (a token bucket written as a "theoretical arrival time", as in GCRA): the bucket holds
/// up to `burst` tokens and regains one per `refillInterval`. A normal line costs one token.
/// A line longer than `longLineBytes` costs `longLineExtraInterval` worth of tokens on top,
/// because servers charge for bytes too; once the bucket is drained, that pushes the following
/// line back by `longLineExtraInterval`, and with a full bucket it shortens the burst.
///
/// `debtClearsAt` is when the bucket would be full again if nothing else were sent; a line may go
/// out once that moment is at most `burst - 1` intervals away.
public struct FloodBucket: Sendable {
    private let burst: Int
    private let refillInterval: Duration
    private let longLineBytes: Int
    private let longLineExtraInterval: Duration
    private var debtClearsAt: ContinuousClock.Instant?

    public init(
        burst: Int = 4,
        refillInterval: Duration = .seconds(1),
        longLineBytes: Int = 300,
        longLineExtraInterval: Duration = .milliseconds(700)
    ) {
        self.burst = max(1, burst)
        self.refillInterval = max(.zero, refillInterval)
        self.longLineBytes = longLineBytes
        self.longLineExtraInterval = max(.zero, longLineExtraInterval)
    }

    /// Returns how long to wait before sending a line of `lineBytes`, and books the line as sent
    /// at `now` plus that wait, so consecutive calls queue up behind each other.
    public mutating func reserve(lineBytes: Int, now: ContinuousClock.Instant) -> Duration {
        let debtStart = max(debtClearsAt ?? now, now)
        let tolerance = refillInterval * (burst - 1)
        let sendAt = max(now, debtStart - tolerance)
        let cost = lineBytes > longLineBytes ? refillInterval + longLineExtraInterval : refillInterval
        debtClearsAt = debtStart + cost
        return sendAt - now
    }
}

import Foundation

/// How long a homeserver asks the bot to wait before trying again (`Retry-After`, or
/// `retry_after_ms` in the body), read without trusting it: any text or number may arrive there
/// (`1e300`, `9000000000000000000`, `NaN`, `-5`), and converting it unchecked traps.
enum ServerRequestedWait {
    /// Far above any cap the adapter applies: values past it are read as this, never converted.
    static let ceiling: Duration = .seconds(86_400)

    /// A `Retry-After` in seconds (HTTP dates are ignored: homeservers send seconds).
    static func fromHeader(_ value: String) -> Duration? {
        guard let seconds = Double(value.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0 else {
            return nil
        }
        let ceilingSeconds = Double(ceiling.components.seconds)
        return seconds >= ceilingSeconds ? ceiling : .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// A body's `retry_after_ms`.
    static func fromMilliseconds(_ milliseconds: Int) -> Duration? {
        guard milliseconds >= 0 else { return nil }
        let ceilingMilliseconds = ceiling.components.seconds * 1000
        return Int64(milliseconds) >= ceilingMilliseconds ? ceiling : .milliseconds(Int64(milliseconds))
    }

    /// The wait the adapter actually makes: at most `cap`, so a server cannot park a room's
    /// replies (or the sync loop) for longer than the operator allows.
    static func capped(_ requested: Duration, at cap: Duration) -> (wait: Duration, wasCapped: Bool) {
        requested > cap ? (cap, true) : (requested, false)
    }
}

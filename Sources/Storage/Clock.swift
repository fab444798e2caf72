import Foundation

/// Timestamps are stored as whole Unix seconds: the same integer type on every SQL engine.
enum Clock {
    /// Whole seconds, clamped into `Int`: a date read from outside (an import file) can be any
    /// `Double`, and `Int(_:)` of one beyond `Int`'s range stops the process.
    static func unixSeconds(_ date: Date = Date()) -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard !seconds.isNaN else { return 0 }
        return Int(exactly: seconds) ?? (seconds < 0 ? Int.min : Int.max)
    }
}

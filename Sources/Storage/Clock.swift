import Foundation

/// Timestamps are stored as whole Unix seconds: the same integer type on every SQL engine.
enum Clock {
    static func unixSeconds(_ date: Date = Date()) -> Int {
        Int(date.timeIntervalSince1970.rounded(.down))
    }
}

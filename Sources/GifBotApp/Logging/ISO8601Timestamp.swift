import Foundation

/// `2026-11-23T09:30:00.123Z`: UTC with milliseconds, built from the C calendar functions so
/// no shared formatter is needed across threads.
package enum ISO8601Timestamp {
    package static func string(for date: Date) -> String {
        // Whole milliseconds first: the fraction of a double loses its last digit.
        let totalMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(totalMilliseconds / 1000)
        let milliseconds = Int(totalMilliseconds % 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04ld-%02ld-%02ldT%02ld:%02ld:%02ld.%03ldZ",
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), milliseconds)
    }
}

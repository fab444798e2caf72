#if canImport(Glibc)
import Glibc
#endif

/// The `Date` header's value (RFC 9110, IMF-fixdate): "Sun, 06 Nov 1994 08:49:37 GMT".
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func now() -> String {
        format(secondsSince1970: time(nil))
    }

    static func format(secondsSince1970 seconds: Int) -> String {
        var clock = seconds
        var parts = tm()
        guard gmtime_r(&clock, &parts) != nil else { return "" }
        return "\(days[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

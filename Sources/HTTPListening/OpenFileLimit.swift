#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's soft limit on open files (RLIMIT_NOFILE).
public enum OpenFileLimit {
    /// The soft limit; nil when unlimited or unknown.
    public static var current: Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// Raises the soft limit to `wanted`, or to the hard limit when that is lower; never lowers
    /// it. For a process that holds crowds of connections on purpose (the exhaustion tests).
    public static func raise(toAtLeast wanted: Int) {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(wanted) else { return }
        limit.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
        _ = setrlimit(resource, &limit)
    }

    #if os(Linux)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}

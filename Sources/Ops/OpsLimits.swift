import HTTPListening

/// What the ops endpoint lets its clients hold. Probes and scrapers need a handful of
/// connections; these bounds keep a crowd of idle or half-sent ones from using up the process's
/// file descriptors, which the chat connections, GIPHY and the store need too.
public struct OpsLimits: Sendable, Equatable {
    /// How long a connection may take to send a whole request, counted from its opening or from
    /// its previous answer; then it is closed. A request being answered is never cut off.
    public var idleTimeout: Duration
    /// Connections open at once. One more pushes out the connection idle the longest, so
    /// probes still get through a crowd of idle ones; when every one is being answered, it is
    /// refused with a short 503.
    public var maxConnections: Int

    public init(idleTimeout: Duration = Self.defaultIdleTimeout, maxConnections: Int = Self.defaultMaxConnections()) {
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }

    /// Longer than the pause between Prometheus scrapes on one kept-alive connection would be
    /// worth keeping a descriptor for, shorter than a client that has stalled deserves.
    public static let defaultIdleTimeout = Duration.seconds(15)

    /// 64, or an eighth of the open-file limit when that is lower: well below it either way.
    public static func defaultMaxConnections(fileLimit: Int? = OpenFileLimit.current) -> Int {
        ListenerLimits.connections(share: 8, of: fileLimit, ceiling: 64)
    }

    /// The ops port's limits in the form every listener of the process takes: a whole request
    /// within the idle timeout, from the opening or the previous answer alike; no body is read.
    public var listener: ListenerLimits {
        ListenerLimits(
            maxConnections: maxConnections, headerTimeout: idleTimeout, idleTimeout: idleTimeout, maxBodyBytes: 0)
    }

    /// Whether this cap could use up the file descriptors before the cap is reached: more than a
    /// quarter of the limit.
    public func isCloseTo(fileLimit: Int?) -> Bool {
        guard let fileLimit else { return false }
        return maxConnections > fileLimit / 4
    }
}

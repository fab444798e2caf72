/// What a listener lets its clients hold, the same for every HTTP listener of the process: a
/// cap on open connections (one more pushes out the connection idle the longest, or is refused
/// with a short 503 when every connection is being answered), a bound on how long a connection
/// may take to send a whole request, and a bound on request bodies. A crowd of idle or half-sent
/// connections cannot use up the process's file descriptors, which the chat connections, the
/// GIF sources and the store need too.
public struct ListenerLimits: Sendable, Equatable {
    /// Connections open at once.
    public var maxConnections: Int
    /// How long a new connection may take to send its whole first request (head and body); a
    /// request trickled in byte by byte is held to the same bound as silence.
    public var headerTimeout: Duration
    /// How long a kept-alive connection may take to send its whole next request after an answer.
    public var idleTimeout: Duration
    /// The largest request body a route reads; a larger one is answered 413 and the connection
    /// closed.
    public var maxBodyBytes: Int

    public init(maxConnections: Int, headerTimeout: Duration, idleTimeout: Duration, maxBodyBytes: Int) {
        self.maxConnections = max(1, maxConnections)
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.maxBodyBytes = maxBodyBytes
    }

    /// A share of the open-file limit: `limit / divisor`, between `floor` and `ceiling`;
    /// `ceiling` when the limit is unknown or unlimited.
    public static func connections(
        share divisor: Int, of fileLimit: Int? = OpenFileLimit.current, floor: Int = 4, ceiling: Int
    ) -> Int {
        guard let fileLimit else { return ceiling }
        return max(floor, min(ceiling, fileLimit / divisor))
    }
}

/// The descriptors the listeners leave to the rest of the process: at least half of the
/// open-file limit, for the chat connections, the GIF sources' connections and the store.
/// Enforced, not only advised: at EMFILE libdispatch's worker-pool monitor, which Swift's
/// concurrency runs on, cannot open `/proc/self/task/…/stat` and traps (SIGILL, issue 31, item 7),
/// so the process must never run out of descriptors, whatever the configuration says.
public enum DescriptorReserve {
    /// The caps cut, each in proportion, until together they take at most half of the limit
    /// (each keeps at least 1).
    public static func fitted(listenerCaps: [String: Int], fileLimit: Int? = OpenFileLimit.current) -> [String: Int] {
        guard let fileLimit else { return listenerCaps }
        let budget = max(1, fileLimit / 2)
        let total = listenerCaps.values.reduce(0, +)
        guard total > budget else { return listenerCaps }
        return listenerCaps.mapValues { max(1, $0 * budget / total) }
    }

    /// The warning to log when the listeners' caps together could take more than half of the
    /// open-file limit; nil when they leave the reserve.
    public static func warning(listenerCaps: [String: Int], fileLimit: Int? = OpenFileLimit.current) -> String? {
        guard let fileLimit else { return nil }
        let total = listenerCaps.values.reduce(0, +)
        guard total > fileLimit / 2 else { return nil }
        let caps = listenerCaps.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return
            "The listeners' connection caps (\(caps)) add up to \(total), over half of the open-file limit \(fileLimit): "
            + "they are cut to fit, so that idle connections cannot use up the descriptors the chat connections, "
            + "GIF sources and store need"
    }
}

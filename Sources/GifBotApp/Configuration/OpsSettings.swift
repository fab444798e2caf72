import Ops

/// Where the ops endpoint listens: `ops.port` (OPS_PORT) turns it on, `ops.host` (OPS_HOST)
/// chooses the address, loopback by default so nothing is exposed unless asked for.
/// `ops.idle_timeout` (seconds) and `ops.max_connections` bound what its clients may hold.
package struct OpsSettings: Sendable, Equatable {
    package static let defaultHost = "127.0.0.1"

    package let host: String
    package let port: Int
    package var limits = OpsLimits()

    /// nil when `ops.port` is unset: the endpoint is off.
    package static func load(from sources: ConfigurationSources) throws(ConfigurationError) -> OpsSettings? {
        let values = ValueParser(sources: sources)
        let host = try values.listenHost(.opsHost, default: defaultHost)
        guard let port = try values.optionalInteger(.opsPort, in: 1...65535) else { return nil }
        let limits = OpsLimits(
            idleTimeout: try values.seconds(
                .opsIdleTimeout, default: Int(OpsLimits.defaultIdleTimeout.components.seconds), allowZero: false),
            maxConnections: try values.optionalInteger(.opsMaxConnections, in: 1...100_000)
                ?? OpsLimits.defaultMaxConnections())
        return OpsSettings(host: host, port: port, limits: limits)
    }

    /// The `/readyz` address a local `gifbot health` calls: a wildcard listening address is
    /// reached through loopback.
    package var readinessURL: String {
        let reachable: String
        switch host {
        case "0.0.0.0": reachable = "127.0.0.1"
        case "::", "[::]": reachable = "[::1]"
        default: reachable = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
        return "http://\(reachable):\(port)/readyz"
    }
}

/// Where the ops endpoint listens: `ops.port` (OPS_PORT) turns it on, `ops.host` (OPS_HOST)
/// chooses the address, loopback by default so nothing is exposed unless asked for.
struct OpsSettings: Sendable, Equatable {
    static let defaultHost = "127.0.0.1"

    let host: String
    let port: Int

    /// nil when `ops.port` is unset: the endpoint is off.
    static func load(from sources: ConfigurationSources) throws(ConfigurationError) -> OpsSettings? {
        let values = ValueParser(sources: sources)
        let host = try values.listenHost(.opsHost, default: defaultHost)
        guard let port = try values.optionalInteger(.opsPort, in: 1...65535) else { return nil }
        return OpsSettings(host: host, port: port)
    }

    /// The `/readyz` address a local `gifbot health` calls: a wildcard listening address is
    /// reached through loopback.
    var readinessURL: String {
        let reachable: String
        switch host {
        case "0.0.0.0": reachable = "127.0.0.1"
        case "::", "[::]": reachable = "[::1]"
        default: reachable = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
        return "http://\(reachable):\(port)/readyz"
    }
}

/// Why a `TestIRCClient` call failed. Each case carries the recent lines, so a failing test
/// shows what the server said instead of just "timed out".
public enum TestIRCClientError: Error, CustomStringConvertible {
    /// No matching line within the timeout (also: SASL while Atheme is paused).
    case timedOut(after: Duration, recentLines: [String])
    /// The connection closed; `reason` is the pipeline's error, e.g. a refused TLS certificate.
    case connectionClosed(reason: String?, recentLines: [String])
    /// 902/904/905/906/907/908 during registration, or numeric "CAP": SASL not offered.
    case saslFailed(numeric: String, message: String)
    /// The server refused the registration (e.g. 433 nick in use, ERROR).
    case registrationFailed(line: String)
    /// CAP NAK for the requested capabilities.
    case capabilityRejected(line: String)
    /// JOIN answered with an error numeric instead of the names list.
    case joinFailed(line: String)

    public var description: String {
        switch self {
        case let .timedOut(after, recentLines):
            "timed out after \(after); recent lines:\n" + recentLines.joined(separator: "\n")
        case let .connectionClosed(reason, recentLines):
            "connection closed (\(reason ?? "by the server")); recent lines:\n" + recentLines.joined(separator: "\n")
        case let .saslFailed(numeric, message):
            "SASL failed: \(numeric) \(message)"
        case let .registrationFailed(line):
            "registration failed: \(line)"
        case let .capabilityRejected(line):
            "capabilities rejected: \(line)"
        case let .joinFailed(line):
            "join failed: \(line)"
        }
    }
}

/// Failures of MatrixTestClient that are not an HTTP error status (those are MatrixRequestError).
public enum MatrixTestClientError: Error, CustomStringConvertible, Sendable {
    /// No matching event arrived in time; `recentEvents` are the room's last events, to show
    /// what did arrive instead.
    case timedOut(roomID: String, after: Duration, recentEvents: [String])
    case invalidMXCURI(String)

    public var description: String {
        switch self {
        case .timedOut(let roomID, let after, let recentEvents):
            let list = recentEvents.isEmpty ? " (none)" : "\n  " + recentEvents.joined(separator: "\n  ")
            return "no matching event in \(roomID) within \(after); the room's last events:\(list)"
        case .invalidMXCURI(let uri):
            return "not an mxc:// URI: \(uri)"
        }
    }
}

/// Why a server instance could not be started, stopped or used.
public enum IRCTestServerError: Error, CustomStringConvertible {
    /// A start or stop script exited non-zero; `log` is the tail of the instance's logs.
    case scriptFailed(script: String, status: Int32, log: String)
    /// The server did not become ready (or did not go away) in time, or one of its processes died.
    case notReady(String, log: String)
    /// The operation does not apply to this kind of server.
    case unsupported(String)
    /// A bundled resource is missing from the package.
    case missingResource(String)

    public var description: String {
        switch self {
        case let .scriptFailed(script, status, log):
            "\(script) exited with status \(status)\n\(log)"
        case let .notReady(what, log):
            "\(what)\n\(log)"
        case let .unsupported(what):
            what
        case let .missingResource(path):
            "missing resource \(path)"
        }
    }
}

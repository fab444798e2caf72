/// Why a Synapse instance could not be installed, started or stopped. Each case carries the
/// tail of the relevant logs, so that a failing test explains itself.
public enum SynapseServerError: Error, CustomStringConvertible, Sendable {
    case missingResource(String)
    case scriptFailed(script: String, status: Int32, log: String)
    case exitedDuringStartup(log: String)
    case notReady(after: Duration, log: String)
    case portStillOpen(port: Int, after: Duration)

    public var description: String {
        switch self {
        case .missingResource(let name):
            "missing resource: \(name)"
        case .scriptFailed(let script, let status, let log):
            "\(script) exited with status \(status)\n\(log)"
        case .exitedDuringStartup(let log):
            "Synapse exited during start-up\n\(log)"
        case .notReady(let after, let log):
            "Synapse did not answer /_matrix/client/versions within \(after)\n\(log)"
        case .portStillOpen(let port, let after):
            "port \(port) still accepts connections \(after) after Synapse was stopped"
        }
    }
}

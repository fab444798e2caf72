import Logging

/// How log lines are written to standard error: `text` for people, `json` for log collectors.
package enum LogFormat: String, Sendable {
    case text
    case json

    package func handler(label: String) -> any LogHandler {
        switch self {
        case .text: StreamLogHandler.standardError(label: label)
        case .json: JSONLogHandler(label: label)
        }
    }
}

import Foundation
import Logging

/// Collects every log line a component writes, so tests can assert what was (not) logged,
/// such as a secret.
public final class LogCapture: Sendable {
    private let lines = Observed<[String]>([])

    public init() {}

    public func logger(label: String = "test", level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: label) { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    public var text: String { lines.value.joined(separator: "\n") }

    fileprivate func append(_ line: String) {
        lines.modify { $0.append(line) }
    }

    /// Waits until the captured text satisfies `condition`, woken by each new line rather than
    /// polling; false when `timeout` passes first.
    public func waitFor(
        timeout: Duration = .seconds(20), _ condition: @escaping @Sendable (String) -> Bool
    ) async -> Bool {
        await lines.waitFor(timeout: timeout) { condition($0.joined(separator: "\n")) }
    }

    /// Waits until `fragment` has been logged at least `count` times.
    public func waitFor(_ fragment: String, count: Int = 1, timeout: Duration = .seconds(20)) async -> Bool {
        await waitFor(timeout: timeout) { $0.components(separatedBy: fragment).count > count }
    }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.append(
                "\(event.level) \(event.message) \(all.map { "\($0)=\($1)" }.sorted().joined(separator: " "))")
        }
    }
}

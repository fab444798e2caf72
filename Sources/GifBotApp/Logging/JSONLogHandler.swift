import Foundation
import Logging
import Synchronization

/// Writes each log event to standard error as one JSON object on one line, with `timestamp`
/// (ISO 8601, UTC), `level`, `label`, `message` and `metadata`, for log collectors. Every string
/// is escaped, so a message or metadata value holding quotes or newlines cannot break a line
/// or forge a field.
package struct JSONLogHandler: LogHandler {
    package let label: String
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?
    private let write: @Sendable (String) -> Void

    package init(
        label: String, metadataProvider: Logger.MetadataProvider? = nil,
        write: @escaping @Sendable (String) -> Void = JSONLogHandler.writeToStandardError
    ) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.write = write
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let given = event.metadata { merged.merge(given) { $1 } }
        write(
            Self.line(
                timestamp: Date(), level: event.level, label: label, message: event.message.description,
                metadata: merged))
    }

    package static func line(
        timestamp: Date, level: Logger.Level, label: String, message: String, metadata: Logger.Metadata
    ) -> String {
        var line = "{\"timestamp\":"
        JSONText.appendString(ISO8601Timestamp.string(for: timestamp), to: &line)
        line += ",\"level\":"
        JSONText.appendString(level.rawValue, to: &line)
        line += ",\"label\":"
        JSONText.appendString(label, to: &line)
        line += ",\"message\":"
        JSONText.appendString(message, to: &line)
        line += ",\"metadata\":"
        JSONText.appendObject(metadata, to: &line)
        line += "}\n"
        return line
    }

    /// Lines from concurrent tasks must never interleave, even when longer than a pipe writes
    /// at once.
    private static let standardErrorLock = Mutex(())

    @Sendable package static func writeToStandardError(_ line: String) {
        standardErrorLock.withLock { _ in _ = StandardStream.write(line, to: StandardStream.error) }
    }
}

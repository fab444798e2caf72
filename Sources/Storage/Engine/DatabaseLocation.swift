import Foundation

/// Where the store lives, parsed from `database.url`.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresLocation)

    /// Accepts a plain path, `sqlite:///absolute/path`, `sqlite://relative/path`, `sqlite:path`,
    /// and `postgres://` or `postgresql://` URLs (see `PostgresLocation`).
    public init(url: String) throws(StoreError) {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .unsupportedURL(url) }
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
            self = .postgres(try PostgresLocation(url: trimmed))
            return
        }
        if let rest = trimmed.dropPrefix("sqlite://") ?? trimmed.dropPrefix("sqlite:") {
            guard !rest.isEmpty else { throw .unsupportedURL(url) }
            self = .sqlite(path: rest)
            return
        }
        if trimmed.contains("://") { throw .unsupportedURL(url) }
        self = .sqlite(path: trimmed)
    }

    /// For log lines and errors: a PostgreSQL password is never part of it.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let location): location.description
        }
    }
}

extension String {
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

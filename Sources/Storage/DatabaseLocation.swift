import Foundation

/// Where the store lives, parsed from `database.url`.
public enum DatabaseLocation: Sendable, Equatable {
    case sqlite(path: String)

    /// Accepts a plain path, `sqlite:///absolute/path`, `sqlite://relative/path` and `sqlite:path`.
    public init(url: String) throws(StoreError) {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .unsupportedURL(url) }
        if let rest = trimmed.dropPrefix("sqlite://") ?? trimmed.dropPrefix("sqlite:") {
            guard !rest.isEmpty else { throw .unsupportedURL(url) }
            self = .sqlite(path: rest)
            return
        }
        if trimmed.contains("://") { throw .unsupportedURL(url) }
        self = .sqlite(path: trimmed)
    }
}

extension String {
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

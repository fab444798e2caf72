/// Failures opening or preparing the store, worded for an operator's log line.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `database.url` names something we cannot use.
    case unsupportedURL(String)
    /// The database could not be opened or prepared.
    case cannotOpen(location: String, reason: String)

    public var description: String {
        switch self {
        case .unsupportedURL(let url):
            "unsupported database URL '\(url)'; accepted: a file path, sqlite:///absolute/path"
        case .cannotOpen(let location, let reason):
            "cannot open database '\(location)': \(reason)"
        }
    }
}

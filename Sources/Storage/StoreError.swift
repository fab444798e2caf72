/// Failures opening or preparing the store, worded for an operator's log line. None carries a
/// database password: URLs are shown with it masked.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `database.url` names something we cannot use.
    case unsupportedURL(String)
    /// A `postgres://` URL that cannot be used as given (password already masked).
    case invalidPostgresURL(String, reason: String)
    /// The database could not be opened or prepared.
    case cannotOpen(location: String, reason: String)
    /// The database was migrated by a newer gifbot: this one would misread it.
    case schemaTooNew(found: Int, known: Int)
    /// The web gallery's stored secret is not what gifbot wrote (edited by hand?).
    case corruptWebSecret

    public var description: String {
        switch self {
        case .unsupportedURL(let url):
            "unsupported database URL '\(PostgresLocation.mask(url))'; accepted: a file path, sqlite:///absolute/path, "
                + "postgres://user:password@host:port/database"
        case .invalidPostgresURL(let url, let reason):
            "invalid PostgreSQL URL '\(url)': \(reason)"
        case .cannotOpen(let location, let reason):
            "cannot open database '\(location)': \(reason)"
        case .schemaTooNew(let found, let known):
            "the database schema is at version \(found), newer than this gifbot knows (\(known)); run a newer gifbot"
        case .corruptWebSecret:
            "the web gallery's secret in the database is unreadable; delete the row of web_secrets to make a new one"
        }
    }
}

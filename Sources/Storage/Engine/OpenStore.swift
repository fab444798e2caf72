import Logging

extension DatabaseLocation {
    /// Opens the store this location names and brings its schema up to date.
    public func open(logger: Logger) async throws -> BotStore {
        switch self {
        case .sqlite(let path): try await SQLiteStore.open(path: path, logger: logger)
        case .postgres(let location): try await PostgresStore.open(location, logger: logger)
        }
    }
}

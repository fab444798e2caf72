import Storage

/// `database.url`: a SQLite file (the default) or a PostgreSQL server shared by instances.
package enum DatabaseSettings {
    package static let accepted = "a file path, sqlite:///absolute/path, or postgres://user:password@host:port/database"

    package static func location(from sources: ConfigurationSources) throws(ConfigurationError) -> DatabaseLocation {
        let url = try sources.secret(.databaseURL) ?? "gifbot.sqlite"
        do {
            return try DatabaseLocation(url: url)
        } catch {
            // A PostgreSQL URL's own complaint (its password masked) says more than "invalid".
            if case .invalidPostgresURL = error {
                throw ConfigurationError(description: "\(SettingKey.databaseURL.label): \(error)")
            }
            throw .invalid(.databaseURL, accepted: accepted, got: url)
        }
    }
}

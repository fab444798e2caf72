import SQLKit

extension BotStore {
    /// Succeeds when the database answers a trivial query: what `/readyz` asks of the store.
    public func ping() async throws {
        _ = try await database.raw("SELECT 1 AS one").first()
    }

    /// Favorites of every user together, for the `gifbot_favorites_stored` metric.
    public func totalFavoriteCount() async throws -> Int {
        try await database.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from(Schema.favorites)
            .first(decodingColumn: "n", as: Int.self) ?? 0
    }
}

extension BotStore {
    /// The newest migration applied: what `gifbot migrate` reports.
    public func schemaVersion() async throws -> Int {
        try await database.select().column(SQLFunction("MAX", args: SQLColumn("version")), as: "v")
            .from(Migrator.table)
            .first(decodingColumn: "v", as: Int?.self).flatMap { $0 } ?? 0
    }
}

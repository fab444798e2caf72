import SQLKit

extension BotStore {
    /// Records a search at the front of the user's list: an existing entry for the same query
    /// moves to the front instead of repeating, and entries beyond `limit` are forgotten.
    public func recordSearch(_ query: String, for user: UserKey, limit: Int) async throws {
        try await database.delete(from: Schema.recentSearches)
            .where("network", .equal, user.network).where("user_id", .equal, user.userID)
            .where("query", .equal, query)
            .run()
        try await database.insert(into: Schema.recentSearches)
            .columns("network", "user_id", "query", "searched_at")
            .values(SQLBind(user.network), SQLBind(user.userID), SQLBind(query), SQLBind(Clock.unixSeconds()))
            .ignoringConflicts(with: ["network", "user_id", "query"])
            .run()
        try await trimRecentSearches(for: user, to: limit)
    }

    /// Newest first, at most `limit`.
    public func recentSearches(for user: UserKey, limit: Int) async throws -> [String] {
        try await database.select().column("query").from(Schema.recentSearches)
            .where("network", .equal, user.network).where("user_id", .equal, user.userID)
            .orderBy("seq", .descending)
            .limit(max(0, limit))
            .all(decodingColumn: "query", as: String.self)
    }

    public func clearRecentSearches(for user: UserKey) async throws {
        try await database.delete(from: Schema.recentSearches)
            .where("network", .equal, user.network).where("user_id", .equal, user.userID)
            .run()
    }

    private func trimRecentSearches(for user: UserKey, to limit: Int) async throws {
        try await database.raw("""
            DELETE FROM \(ident: Schema.recentSearches)
            WHERE network = \(bind: user.network) AND user_id = \(bind: user.userID) AND seq NOT IN (
                SELECT seq FROM \(ident: Schema.recentSearches)
                WHERE network = \(bind: user.network) AND user_id = \(bind: user.userID)
                ORDER BY seq DESC LIMIT \(bind: max(0, limit)))
            """).run()
    }
}

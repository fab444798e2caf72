import GifBotCore
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
        try await database.raw(
            """
            DELETE FROM \(ident: Schema.recentSearches)
            WHERE network = \(bind: user.network) AND user_id = \(bind: user.userID) AND seq NOT IN (
                SELECT seq FROM \(ident: Schema.recentSearches)
                WHERE network = \(bind: user.network) AND user_id = \(bind: user.userID)
                ORDER BY seq DESC LIMIT \(bind: max(0, limit)))
            """
        ).run()
    }
}

extension BotStore {
    /// Records many searches, in order, with three statements whatever their number (so three
    /// commits instead of three per search): each moves to the front of its user's list, and
    /// every list touched is trimmed to `limit`. Unsynced (`WriteDurability`): searches are
    /// written behind anyway, and a power cut losing the latest of them harms no one.
    public func recordSearches(_ searches: [RecentSearch], limit: Int) async throws {
        let database = unsyncedDatabase
        // The last occurrence of a search decides its place; earlier ones are dropped.
        var seen = Set<RecentSearchKey>()
        let batch = searches.reversed().filter { seen.insert(RecentSearchKey($0)).inserted }.reversed()
        guard !batch.isEmpty else { return }
        let now = Clock.unixSeconds()
        let rows = batch.map { search -> SQLQueryString in
            "(\(bind: search.user.network), \(bind: search.user.userID), \(bind: search.query))"
        }.joined(separator: ", ")
        try await database.raw(
            "DELETE FROM \(ident: Schema.recentSearches) WHERE (network, user_id, query) IN (VALUES \(rows))"
        ).run()
        let inserted = batch.map { search -> SQLQueryString in
            "(\(bind: search.user.network), \(bind: search.user.userID), \(bind: search.query), \(bind: now))"
        }.joined(separator: ", ")
        try await database.raw(
            """
            INSERT INTO \(ident: Schema.recentSearches) (network, user_id, query, searched_at) VALUES \(inserted)
            ON CONFLICT (network, user_id, query) DO NOTHING
            """
        ).run()
        var users = Set<UserKey>()
        let touched = batch.filter { users.insert($0.user).inserted }.map { search -> SQLQueryString in
            "(\(bind: search.user.network), \(bind: search.user.userID))"
        }.joined(separator: ", ")
        try await database.raw(
            """
            DELETE FROM \(ident: Schema.recentSearches) WHERE seq IN (
                SELECT seq FROM (
                    SELECT seq, ROW_NUMBER() OVER (PARTITION BY network, user_id ORDER BY seq DESC) AS position
                    FROM \(ident: Schema.recentSearches) WHERE (network, user_id) IN (VALUES \(touched))
                ) AS ranked WHERE position > \(bind: max(0, limit)))
            """
        ).run()
    }
}

private struct RecentSearchKey: Hashable {
    let network: String
    let userID: String
    let query: String

    init(_ search: RecentSearch) {
        network = search.user.network
        userID = search.user.userID
        query = search.query
    }
}

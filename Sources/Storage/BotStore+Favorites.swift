import Foundation
import GifBotCore
import SQLKit

extension BotStore {
    /// Saves a favorite unless it is already saved or the user is at `limit`. The limit check
    /// and the insert are one statement, so two quick `!fav`s cannot overshoot the limit; on
    /// PostgreSQL they also hold the user's lock, so neither can two `!fav`s on two instances.
    public func addFavorite(_ favorite: Favorite, for user: UserKey, limit: Int) async throws -> AddFavoriteResult {
        try await dialect.withUserLock(user, sessions) { database in
            if try await Self.hasFavorite(favorite.gifID, for: user, in: database) { return .alreadyFavorite }
            try await database.raw(
                """
                INSERT INTO \(ident: Schema.favorites) (network, user_id, gif_id, title, url, rating, added_at)
                SELECT \(bind: user.network), \(bind: user.userID), \(bind: favorite.gifID), \(bind: favorite.title),
                       \(bind: favorite.url), \(bind: favorite.rating), \(bind: Clock.unixSeconds(favorite.addedAt))
                WHERE (SELECT COUNT(*) FROM \(ident: Schema.favorites)
                       WHERE network = \(bind: user.network) AND user_id = \(bind: user.userID)) < \(bind: limit)
                ON CONFLICT (network, user_id, gif_id) DO NOTHING
                """
            ).run()
            guard try await Self.hasFavorite(favorite.gifID, for: user, in: database) else {
                return .limitReached(limit: limit)
            }
            return .added(count: try await Self.favoriteCount(for: user, in: database))
        }
    }

    /// Removes one favorite; false when it was not there.
    public func removeFavorite(_ gifID: String, for user: UserKey) async throws -> Bool {
        guard try await hasFavorite(gifID, for: user) else { return false }
        try await database.delete(from: Schema.favorites)
            .where("network", .equal, user.network).where("user_id", .equal, user.userID)
            .where("gif_id", .equal, gifID)
            .run()
        return true
    }

    /// Newest first.
    public func favorites(for user: UserKey) async throws -> [Favorite] {
        let rows = try await database.select()
            .columns("gif_id", "title", "url", "rating", "added_at")
            .from(Schema.favorites)
            .where("network", .equal, user.network).where("user_id", .equal, user.userID)
            .orderBy("seq", .descending)
            .all()
        return try rows.map { row in
            Favorite(
                gifID: try row.decode(column: "gif_id", as: String.self),
                title: try row.decode(column: "title", as: String.self),
                url: try row.decode(column: "url", as: String.self),
                rating: try row.decode(column: "rating", as: String?.self),
                addedAt: Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "added_at", as: Int.self)))
            )
        }
    }

    public func favoriteCount(for user: UserKey) async throws -> Int {
        try await Self.favoriteCount(for: user, in: database)
    }

    public func hasFavorite(_ gifID: String, for user: UserKey) async throws -> Bool {
        try await Self.hasFavorite(gifID, for: user, in: database)
    }

    private static func favoriteCount(for user: UserKey, in database: any SQLDatabase) async throws -> Int {
        try await database.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from(Schema.favorites)
            .where("network", .equal, user.network).where("user_id", .equal, user.userID)
            .first(decodingColumn: "n", as: Int.self) ?? 0
    }

    private static func hasFavorite(
        _ gifID: String, for user: UserKey, in database: any SQLDatabase
    ) async throws -> Bool {
        try await database.select().column("gif_id").from(Schema.favorites)
            .where("network", .equal, user.network).where("user_id", .equal, user.userID)
            .where("gif_id", .equal, gifID)
            .first() != nil
    }
}

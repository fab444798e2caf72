import Foundation
import GifBotCore
import SQLKit

/// Which rows an export covers: everything, or one user's (on one network or all).
public struct ExportFilter: Sendable {
    public var userID: String?
    public var network: String?

    public init(userID: String? = nil, network: String? = nil) {
        self.userID = userID
        self.network = network
    }
}

extension BotStore {
    /// Users, favorites and recent searches oldest first (the order an import recreates), then
    /// channel settings, collection entries (oldest first) and collection policies; with a user
    /// filter, only that user's rows and no channel's.
    public func exportRecords(_ filter: ExportFilter = ExportFilter()) async throws -> [StoreRecord] {
        func scoped(_ query: SQLSelectBuilder) -> SQLSelectBuilder {
            var query = query
            if let userID = filter.userID { query = query.where("user_id", .equal, userID) }
            if let network = filter.network { query = query.where("network", .equal, network) }
            return query
        }
        func user(_ row: any SQLRow) throws -> UserKey {
            UserKey(
                network: try row.decode(column: "network", as: String.self),
                userID: try row.decode(column: "user_id", as: String.self))
        }
        var records: [StoreRecord] = []
        for row in try await scoped(database.select().columns("network", "user_id", "random_id").from(Schema.users))
            .orderBy("network").orderBy("user_id").all()
        {
            records.append(.user(try user(row), randomID: try row.decode(column: "random_id", as: String?.self)))
        }
        for row in try await scoped(
            database.select().columns("network", "user_id", "gif_id", "title", "url", "rating", "added_at")
                .from(Schema.favorites)
        ).orderBy("seq").all() {
            records.append(
                .favorite(
                    try user(row),
                    Favorite(
                        gifID: try row.decode(column: "gif_id", as: String.self),
                        title: try row.decode(column: "title", as: String.self),
                        url: try row.decode(column: "url", as: String.self),
                        rating: try row.decode(column: "rating", as: String?.self),
                        addedAt: Date(
                            timeIntervalSince1970: TimeInterval(try row.decode(column: "added_at", as: Int.self))))))
        }
        for row in try await scoped(
            database.select().columns("network", "user_id", "query", "searched_at")
                .from(Schema.recentSearches)
        ).orderBy("seq").all() {
            records.append(
                .recentSearch(
                    try user(row), query: try row.decode(column: "query", as: String.self),
                    searchedAt: try row.decode(column: "searched_at", as: Int.self)))
        }
        guard filter.userID == nil else { return records }
        var settings = database.select().columns(
            "network", "channel", "rating", "cooldown_commands", "cooldown_seconds"
        )
        .from(Schema.channelSettings)
        if let network = filter.network { settings = settings.where("network", .equal, network) }
        for row in try await settings.orderBy("network").orderBy("channel").all() {
            records.append(
                .channelSettings(
                    network: try row.decode(column: "network", as: String.self),
                    channel: try row.decode(column: "channel", as: String.self),
                    ChannelSettings(
                        rating: try row.decode(column: "rating", as: String?.self),
                        cooldownCommands: try row.decode(column: "cooldown_commands", as: Int?.self),
                        cooldownSeconds: try row.decode(column: "cooldown_seconds", as: Int?.self))))
        }
        for entry in try await allCollectionEntries(network: filter.network) {
            records.append(.collectionEntry(entry))
        }
        for (channel, policy) in try await allCollectionPolicies(network: filter.network) {
            records.append(.collectionPolicy(channel, policy))
        }
        return records
    }

    /// Adds each record that is not there yet, in order; running it twice changes nothing the
    /// second time. Favorites are imported past the configured limit: nothing is dropped.
    /// Existing channel settings and random ids are kept, not overwritten.
    public func importRecord(_ record: StoreRecord) async throws -> Bool {
        switch record {
        case .collectionEntry(let entry): return try await importCollectionEntry(entry)
        case .collectionPolicy(let channel, let policy): return try await importCollectionPolicy(policy, for: channel)
        default: break
        }
        let before = try await exists(record)
        guard !before else { return false }
        switch record {
        case .user(let user, let randomID):
            try await database.insert(into: Schema.users)
                .columns("network", "user_id", "random_id", "created_at")
                .values(SQLBind(user.network), SQLBind(user.userID), SQLBind(randomID), SQLBind(Clock.unixSeconds()))
                .ignoringConflicts(with: ["network", "user_id"])
                .run()
        case .favorite(let user, let favorite):
            try await database.insert(into: Schema.favorites)
                .columns("network", "user_id", "gif_id", "title", "url", "rating", "added_at")
                .values(
                    SQLBind(user.network), SQLBind(user.userID), SQLBind(favorite.gifID), SQLBind(favorite.title),
                    SQLBind(favorite.url), SQLBind(favorite.rating), SQLBind(Clock.unixSeconds(favorite.addedAt))
                )
                .ignoringConflicts(with: ["network", "user_id", "gif_id"])
                .run()
        case .recentSearch(let user, let query, let searchedAt):
            try await database.insert(into: Schema.recentSearches)
                .columns("network", "user_id", "query", "searched_at")
                .values(SQLBind(user.network), SQLBind(user.userID), SQLBind(query), SQLBind(searchedAt))
                .ignoringConflicts(with: ["network", "user_id", "query"])
                .run()
        case .channelSettings(let network, let channel, let settings):
            try await database.insert(into: Schema.channelSettings)
                .columns("network", "channel", "rating", "cooldown_commands", "cooldown_seconds")
                .values(
                    SQLBind(network), SQLBind(channel), SQLBind(settings.rating),
                    SQLBind(settings.cooldownCommands), SQLBind(settings.cooldownSeconds)
                )
                .ignoringConflicts(with: ["network", "channel"])
                .run()
        case .collectionEntry, .collectionPolicy:
            return false  // imported above
        }
        return true
    }

    private func exists(_ record: StoreRecord) async throws -> Bool {
        let query: SQLSelectBuilder
        switch record {
        case .user(let user, _):
            query = database.select().column("network").from(Schema.users)
                .where("network", .equal, user.network).where("user_id", .equal, user.userID)
        case .favorite(let user, let favorite):
            query = database.select().column("network").from(Schema.favorites)
                .where("network", .equal, user.network).where("user_id", .equal, user.userID).where(
                    "gif_id", .equal, favorite.gifID)
        case .recentSearch(let user, let text, _):
            query = database.select().column("network").from(Schema.recentSearches)
                .where("network", .equal, user.network).where("user_id", .equal, user.userID).where(
                    "query", .equal, text)
        case .channelSettings(let network, let channel, _):
            query = database.select().column("network").from(Schema.channelSettings)
                .where("network", .equal, network).where("channel", .equal, channel)
        case .collectionEntry(let entry):
            return try await collectionEntry(entry.gifID, in: entry.channel) != nil
        case .collectionPolicy(let channel, _):
            query = database.select().column("network").from(Schema.collectionPolicies)
                .where("network", .equal, channel.network).where("channel", .equal, channel.channel)
        }
        return try await query.first() != nil
    }
}

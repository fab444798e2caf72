import Foundation
import GifBotCore
import SQLKit

extension BotStore {
    private static let entryColumns = [
        "network", "channel", "gif_id", "source", "title", "saved_by", "saved_by_name", "saved_at", "url",
        "preview_url", "preview_width", "preview_height", "page_url", "rating",
    ]

    /// Saves an entry with its tags unless its GIF is there already or the channel is at
    /// `limit`. The limit check and the insert are one statement (see `addFavorite`); on
    /// PostgreSQL the channel's lock also keeps two instances from overshooting.
    public func saveToCollection(_ entry: CollectionEntry, limit: Int) async throws -> SaveToCollectionResult {
        let channel = entry.channel
        let outcome: SaveToCollectionResult? = try await dialect.withCollectionLock(channel, sessions) { database in
            if try await Self.entry(entry.gifID, in: channel, database) != nil { return nil }
            try await database.raw(
                """
                INSERT INTO \(ident: Schema.collectionEntries) (\(idents: Self.entryColumns, joinedBy: ", "))
                SELECT \(binds: Self.entryValues(entry))
                WHERE (SELECT COUNT(*) FROM \(ident: Schema.collectionEntries)
                       WHERE network = \(bind: channel.network) AND channel = \(bind: channel.channel)) < \(bind: limit)
                ON CONFLICT (network, channel, gif_id) DO NOTHING
                """
            ).run()
            guard try await Self.entryExists(entry.gifID, in: channel, database) else {
                return .limitReached(limit: limit)
            }
            for tag in entry.tags {
                try await Self.insertTag(tag, entry.gifID, channel, database)
            }
            return .saved(count: try await Self.entryCount(in: channel, database))
        }
        if let outcome { return outcome }
        guard let existing = try await collectionEntry(entry.gifID, in: channel) else {
            // Forgotten between the two reads: try again, once.
            return try await saveToCollection(entry, limit: limit)
        }
        return .alreadySaved(existing)
    }

    public func collectionEntry(_ gifID: String, in channel: CollectionChannel) async throws -> CollectionEntry? {
        try await Self.entry(gifID, in: channel, database)
    }

    public func addCollectionTags(
        _ tags: [String], to gifID: String, in channel: CollectionChannel, limit: Int
    ) async throws -> TagCollectionEntryResult {
        try await dialect.withCollectionLock(channel, sessions) { database in
            guard try await Self.entryExists(gifID, in: channel, database) else { return .noSuchEntry }
            let existing = try await Self.tags(of: [gifID], in: channel, database)[gifID] ?? []
            let added = Set(tags).subtracting(existing)
            guard existing.count + added.count <= limit else { return .tooManyTags(limit: limit) }
            for tag in added.sorted() {
                try await Self.insertTag(tag, gifID, channel, database)
            }
            return .tagged(try await Self.tags(of: [gifID], in: channel, database)[gifID] ?? [])
        }
    }

    public func removeCollectionTag(
        _ tag: String, from gifID: String, in channel: CollectionChannel
    ) async throws
        -> Bool
    {
        let had = try await Self.tags(of: [gifID], in: channel, database)[gifID]?.contains(tag) ?? false
        guard had else { return false }
        try await database.delete(from: Schema.collectionTags)
            .where("network", .equal, channel.network).where("channel", .equal, channel.channel)
            .where("gif_id", .equal, gifID).where("tag", .equal, tag)
            .run()
        return true
    }

    public func forgetCollectionEntry(_ gifID: String, in channel: CollectionChannel) async throws -> Bool {
        try await dialect.withCollectionLock(channel, sessions) { database in
            guard try await Self.entryExists(gifID, in: channel, database) else { return false }
            // The entry first: a tag left by a crash between the two is never read (lists join
            // on entries) and is removed when the GIF is saved again.
            try await database.delete(from: Schema.collectionEntries)
                .where("network", .equal, channel.network).where("channel", .equal, channel.channel)
                .where("gif_id", .equal, gifID)
                .run()
            try await database.delete(from: Schema.collectionTags)
                .where("network", .equal, channel.network).where("channel", .equal, channel.channel)
                .where("gif_id", .equal, gifID)
                .run()
            return true
        }
    }

    public func collectionEntries(_ query: CollectionQuery) async throws -> CollectionPage {
        let filter = Self.filter(query)
        let total =
            try await database.raw(
                "SELECT COUNT(*) AS n FROM \(ident: Schema.collectionEntries) e WHERE \(filter)"
            ).first(decodingColumn: "n", as: Int.self) ?? 0
        let rows = try await database.raw(
            """
            SELECT \(idents: Self.entryColumns, joinedBy: ", ") FROM \(ident: Schema.collectionEntries) e
            WHERE \(filter) ORDER BY seq DESC
            LIMIT \(literal: max(0, query.limit)) OFFSET \(literal: max(0, query.offset))
            """
        ).all()
        let tags = try await Self.tags(
            of: try rows.map { try $0.decode(column: "gif_id", as: String.self) }, in: query.channel, database)
        let entries = try rows.map { row in
            try Self.entry(from: row, tags: tags[try row.decode(column: "gif_id", as: String.self)] ?? [])
        }
        return CollectionPage(entries: entries, total: total)
    }

    public func collectionTags(in channel: CollectionChannel) async throws -> [CollectionTagCount] {
        let rows = try await database.raw(
            """
            SELECT t.tag AS tag, COUNT(*) AS n FROM \(ident: Schema.collectionTags) t
            JOIN \(ident: Schema.collectionEntries) e
              ON e.network = t.network AND e.channel = t.channel AND e.gif_id = t.gif_id
            WHERE t.network = \(bind: channel.network) AND t.channel = \(bind: channel.channel)
            GROUP BY t.tag ORDER BY n DESC, t.tag
            """
        ).all()
        return try rows.map {
            CollectionTagCount(
                tag: try $0.decode(column: "tag", as: String.self), count: try $0.decode(column: "n", as: Int.self))
        }
    }

    public func collectionPolicy(for channel: CollectionChannel) async throws -> CollectionPolicy {
        guard
            let row = try await database.select().columns("savers", "is_public").from(Schema.collectionPolicies)
                .where("network", .equal, channel.network).where("channel", .equal, channel.channel)
                .first()
        else { return CollectionPolicy() }
        return CollectionPolicy(
            savers: try row.decode(column: "savers", as: String?.self).flatMap(CollectionPolicy.Savers.init(rawValue:))
                ?? .open,
            isPublic: (try row.decode(column: "is_public", as: Int?.self) ?? 0) != 0)
    }

    /// One statement that writes one half, so two admins changing the two halves at once (or
    /// two instances) never undo each other.
    public func changeCollectionPolicy(_ change: CollectionPolicyChange, for channel: CollectionChannel) async throws {
        let column: (name: String, value: SQLBind) =
            switch change {
            case .savers(let savers): ("savers", SQLBind(savers.rawValue))
            case .isPublic(let isPublic): ("is_public", SQLBind(isPublic ? 1 : 0))
            }
        try await database.insert(into: Schema.collectionPolicies)
            .columns("network", "channel", column.name)
            .values(SQLBind(channel.network), SQLBind(channel.channel), column.value)
            .onConflict(with: ["network", "channel"]) { $0.set(excludedValueOf: column.name) }
            .run()
    }

    public func publicCollections() async throws -> [CollectionChannel] {
        try await database.select().columns("network", "channel").from(Schema.collectionPolicies)
            .where("is_public", .equal, 1)
            .orderBy("network").orderBy("channel")
            .all()
            .map {
                CollectionChannel(
                    network: try $0.decode(column: "network", as: String.self),
                    channel: try $0.decode(column: "channel", as: String.self))
            }
    }

    // MARK: Statements shared with export and import

    /// Every entry of every channel (or one network's), oldest first, with its tags.
    func allCollectionEntries(network: String?) async throws -> [CollectionEntry] {
        var query = database.select().columns(Self.entryColumns.map { SQLIdentifier($0) })
            .from(Schema.collectionEntries)
        if let network { query = query.where("network", .equal, network) }
        let rows = try await query.orderBy("seq").all()
        var tagRows = database.select().columns("network", "channel", "gif_id", "tag").from(Schema.collectionTags)
        if let network { tagRows = tagRows.where("network", .equal, network) }
        var tags: [String: [String]] = [:]
        for row in try await tagRows.orderBy("tag").all() {
            let key = [
                try row.decode(column: "network", as: String.self), try row.decode(column: "channel", as: String.self),
                try row.decode(column: "gif_id", as: String.self),
            ].joined(separator: "\u{0}")
            tags[key, default: []].append(try row.decode(column: "tag", as: String.self))
        }
        return try rows.map { row in
            let key = [
                try row.decode(column: "network", as: String.self), try row.decode(column: "channel", as: String.self),
                try row.decode(column: "gif_id", as: String.self),
            ].joined(separator: "\u{0}")
            return try Self.entry(from: row, tags: tags[key] ?? [])
        }
    }

    /// Every channel's policy (or one network's), by network and channel.
    func allCollectionPolicies(network: String?) async throws -> [(CollectionChannel, CollectionPolicy)] {
        var query = database.select().columns("network", "channel", "savers", "is_public").from(
            Schema.collectionPolicies)
        if let network { query = query.where("network", .equal, network) }
        return try await query.orderBy("network").orderBy("channel").all().map { row in
            (
                CollectionChannel(
                    network: try row.decode(column: "network", as: String.self),
                    channel: try row.decode(column: "channel", as: String.self)),
                CollectionPolicy(
                    savers: try row.decode(column: "savers", as: String?.self).flatMap(
                        CollectionPolicy.Savers.init(rawValue:)) ?? .open,
                    isPublic: (try row.decode(column: "is_public", as: Int?.self) ?? 0) != 0)
            )
        }
    }

    /// Adds an imported entry unless its GIF is there already; imports keep everything, past
    /// the limit too. False when it was there.
    func importCollectionEntry(_ entry: CollectionEntry) async throws -> Bool {
        try await dialect.withCollectionLock(entry.channel, sessions) { database in
            if try await Self.entryExists(entry.gifID, in: entry.channel, database) { return false }
            // A tag left behind by an interrupted forget must not come back with the entry.
            try await database.delete(from: Schema.collectionTags)
                .where("network", .equal, entry.channel.network).where("channel", .equal, entry.channel.channel)
                .where("gif_id", .equal, entry.gifID)
                .run()
            try await database.raw(
                """
                INSERT INTO \(ident: Schema.collectionEntries) (\(idents: Self.entryColumns, joinedBy: ", "))
                VALUES (\(binds: Self.entryValues(entry)))
                ON CONFLICT (network, channel, gif_id) DO NOTHING
                """
            ).run()
            for tag in entry.tags { try await Self.insertTag(tag, entry.gifID, entry.channel, database) }
            return true
        }
    }

    /// Adds an imported policy unless the channel has one already (kept, not overwritten).
    func importCollectionPolicy(_ policy: CollectionPolicy, for channel: CollectionChannel) async throws -> Bool {
        let exists =
            try await database.select().column("network").from(Schema.collectionPolicies)
            .where("network", .equal, channel.network).where("channel", .equal, channel.channel)
            .first() != nil
        guard !exists else { return false }
        try await database.insert(into: Schema.collectionPolicies)
            .columns("network", "channel", "savers", "is_public")
            .values(
                SQLBind(channel.network), SQLBind(channel.channel), SQLBind(policy.savers.rawValue),
                SQLBind(policy.isPublic ? 1 : 0)
            )
            .ignoringConflicts(with: ["network", "channel"])
            .run()
        return true
    }

    // MARK: Pieces

    private static func entryValues(_ entry: CollectionEntry) -> [any Encodable & Sendable] {
        [
            entry.channel.network, entry.channel.channel, entry.gifID, entry.source, entry.title,
            entry.savedBy.userID, entry.savedByName, Clock.unixSeconds(entry.savedAt), entry.url,
            entry.preview?.url, entry.preview?.width, entry.preview?.height, entry.pageURL, entry.rating,
        ]
    }

    /// The query's conditions on entries aliased `e`.
    private static func filter(_ query: CollectionQuery) -> SQLQueryString {
        var filter: SQLQueryString =
            "e.network = \(bind: query.channel.network) AND e.channel = \(bind: query.channel.channel)"
        if let tag = query.tag {
            filter +=
                " AND EXISTS (SELECT 1 FROM \(ident: Schema.collectionTags) t WHERE \(tagJoin) AND t.tag = \(bind: tag))"
        }
        if let text = query.text?.lowercased(), !text.isEmpty {
            let pattern = "%" + escapedForLike(text) + "%"
            filter += """
                 AND (LOWER(e.title) LIKE \(bind: pattern) ESCAPE '\\' OR EXISTS (SELECT 1 FROM \(ident: Schema.collectionTags) t
                      WHERE \(tagJoin) AND t.tag LIKE \(bind: pattern) ESCAPE '\\'))
                """
        }
        return filter
    }

    private static var tagJoin: SQLQueryString {
        "t.network = e.network AND t.channel = e.channel AND t.gif_id = e.gif_id"
    }

    /// Text searched for as it is: `%` and `_` typed by a user match themselves.
    private static func escapedForLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    private static func insertTag(
        _ tag: String, _ gifID: String, _ channel: CollectionChannel, _ database: any SQLDatabase
    ) async throws {
        try await database.insert(into: Schema.collectionTags)
            .columns("network", "channel", "gif_id", "tag")
            .values(SQLBind(channel.network), SQLBind(channel.channel), SQLBind(gifID), SQLBind(tag))
            .ignoringConflicts(with: ["network", "channel", "gif_id", "tag"])
            .run()
    }

    private static func entry(
        _ gifID: String, in channel: CollectionChannel, _ database: any SQLDatabase
    ) async throws -> CollectionEntry? {
        guard
            let row = try await database.select().columns(entryColumns.map { SQLIdentifier($0) })
                .from(Schema.collectionEntries)
                .where("network", .equal, channel.network).where("channel", .equal, channel.channel)
                .where("gif_id", .equal, gifID)
                .first()
        else { return nil }
        return try entry(from: row, tags: try await tags(of: [gifID], in: channel, database)[gifID] ?? [])
    }

    private static func entryExists(
        _ gifID: String, in channel: CollectionChannel, _ database: any SQLDatabase
    ) async throws -> Bool {
        try await database.select().column("gif_id").from(Schema.collectionEntries)
            .where("network", .equal, channel.network).where("channel", .equal, channel.channel)
            .where("gif_id", .equal, gifID)
            .first() != nil
    }

    private static func entryCount(in channel: CollectionChannel, _ database: any SQLDatabase) async throws -> Int {
        try await database.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from(Schema.collectionEntries)
            .where("network", .equal, channel.network).where("channel", .equal, channel.channel)
            .first(decodingColumn: "n", as: Int.self) ?? 0
    }

    /// The tags of some entries of one channel, each list sorted.
    private static func tags(
        of gifIDs: [String], in channel: CollectionChannel, _ database: any SQLDatabase
    ) async throws -> [String: [String]] {
        guard !gifIDs.isEmpty else { return [:] }
        let rows = try await database.select().columns("gif_id", "tag").from(Schema.collectionTags)
            .where("network", .equal, channel.network).where("channel", .equal, channel.channel)
            .where("gif_id", .in, gifIDs)
            .orderBy("tag")
            .all()
        var tags: [String: [String]] = [:]
        for row in rows {
            tags[try row.decode(column: "gif_id", as: String.self), default: []].append(
                try row.decode(column: "tag", as: String.self))
        }
        return tags
    }

    private static func entry(from row: any SQLRow, tags: [String]) throws -> CollectionEntry {
        let network = try row.decode(column: "network", as: String.self)
        let preview = try row.decode(column: "preview_url", as: String?.self).map {
            CollectionPreview(
                url: $0, width: try row.decode(column: "preview_width", as: Int?.self),
                height: try row.decode(column: "preview_height", as: Int?.self))
        }
        return CollectionEntry(
            channel: CollectionChannel(network: network, channel: try row.decode(column: "channel", as: String.self)),
            gifID: try row.decode(column: "gif_id", as: String.self),
            source: try row.decode(column: "source", as: String.self),
            title: try row.decode(column: "title", as: String.self),
            tags: tags,
            savedBy: UserKey(network: network, userID: try row.decode(column: "saved_by", as: String.self)),
            savedByName: try row.decode(column: "saved_by_name", as: String.self),
            savedAt: Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "saved_at", as: Int.self))),
            url: try row.decode(column: "url", as: String.self),
            preview: preview,
            pageURL: try row.decode(column: "page_url", as: String?.self),
            rating: try row.decode(column: "rating", as: String?.self))
    }
}

import SQLKit

/// The store's tables, as numbered migrations. Never edit a released step: add a new one.
enum Schema {
    static let users = "users"
    static let favorites = "favorites"
    static let recentSearches = "recent_searches"
    static let channelSettings = "channel_settings"
    static let adapterState = "adapter_state"
    static let uploadedMedia = "uploaded_media"
    static let encryptedRooms = "encrypted_rooms"
    static let leases = "leases"
    static let rateLimitCooldowns = "rate_limit_cooldowns"
    static let webSecrets = "web_secrets"
    static let webUsedLoginNonces = "web_used_login_nonces"
    static let webSessions = "web_sessions"
    static let webChannelGrants = "web_channel_grants"
    static let collectionEntries = "collection_entries"
    static let collectionTags = "collection_tags"
    static let collectionPolicies = "collection_policies"
    static let matrixCryptoState = "matrix_crypto_state"
    static let channelPreviewModes = "channel_preview_modes"
    static let matrixShownPreviews = "matrix_shown_previews"

    static let migrations: [Migration] = [
        Migration(version: 1, name: "users, favorites, recent searches, channel settings, adapter state") { db in
            try await db.create(table: users).ifNotExists()
                .column("network", type: .text, .notNull)
                .column("user_id", type: .text, .notNull)
                .column("random_id", type: .text)
                .column("created_at", type: .bigint, .notNull)
                .primaryKey("network", "user_id")
                .run()
            // `seq` orders favorites and searches: newest first is highest seq, which stays
            // correct when two arrive within the same second.
            try await db.create(table: favorites).ifNotExists()
                .column("seq", type: .bigint, .primaryKey(autoIncrement: true))
                .column("network", type: .text, .notNull)
                .column("user_id", type: .text, .notNull)
                .column("gif_id", type: .text, .notNull)
                .column("title", type: .text, .notNull)
                .column("url", type: .text, .notNull)
                .column("rating", type: .text)
                .column("added_at", type: .bigint, .notNull)
                .unique("network", "user_id", "gif_id")
                .run()
            try await db.create(table: recentSearches).ifNotExists()
                .column("seq", type: .bigint, .primaryKey(autoIncrement: true))
                .column("network", type: .text, .notNull)
                .column("user_id", type: .text, .notNull)
                .column("query", type: .text, .notNull)
                .column("searched_at", type: .bigint, .notNull)
                .unique("network", "user_id", "query")
                .run()
            try await db.create(table: channelSettings).ifNotExists()
                .column("network", type: .text, .notNull)
                .column("channel", type: .text, .notNull)
                .column("rating", type: .text)
                .column("cooldown_commands", type: .bigint)
                .column("cooldown_seconds", type: .bigint)
                .primaryKey("network", "channel")
                .run()
            try await db.create(table: adapterState).ifNotExists()
                .column("key", type: .text, .primaryKey(autoIncrement: false))
                .column("value", type: .text, .notNull)
                .column("updated_at", type: .bigint, .notNull)
                .run()
        },
        Migration(version: 2, name: "GIFs uploaded to a Matrix homeserver, to reuse their mxc URIs") { db in
            try await db.create(table: uploadedMedia).ifNotExists()
                .column("network", type: .text, .notNull)
                .column("gif_id", type: .text, .notNull)
                .column("content_uri", type: .text, .notNull)
                .column("mimetype", type: .text, .notNull)
                .column("byte_size", type: .bigint, .notNull)
                .column("width", type: .bigint)
                .column("height", type: .bigint)
                .column("uploaded_at", type: .bigint, .notNull)
                .primaryKey("network", "gif_id")
                .run()
        },
        Migration(version: 3, name: "end-to-end encrypted rooms and when the bot last said it cannot read them") { db in
            try await db.create(table: encryptedRooms).ifNotExists()
                .column("account", type: .text, .notNull)
                .column("room_id", type: .text, .notNull)
                .column("noticed_at", type: .bigint)
                .primaryKey("account", "room_id")
                .run()
        },
        Migration(version: 4, name: "leases of chat connections, and GIPHY cool-downs shared by instances") { db in
            try await db.create(table: leases).ifNotExists()
                .column("name", type: .text, .primaryKey(autoIncrement: false))
                .column("owner", type: .text, .notNull)
                .column("expires_at", type: .bigint, .notNull)
                .run()
            try await db.create(table: rateLimitCooldowns).ifNotExists()
                .column("name", type: .text, .primaryKey(autoIncrement: false))
                .column("until_at", type: .bigint, .notNull)
                .run()
        },
        Migration(version: 20, name: "Matrix end-to-end encryption state, sealed by the adapter") { db in
            // One table for every kind of crypto state (account, Olm and Megolm sessions, device
            // lists, uploads' keys): the store only keeps opaque sealed text; the adapter seals it.
            try await db.create(table: matrixCryptoState).ifNotExists()
                .column("account", type: .text, .notNull)
                .column("kind", type: .text, .notNull)
                .column("name", type: .text, .notNull)
                .column("value", type: .text, .notNull)
                .column("updated_at", type: .bigint, .notNull)
                .primaryKey("account", "kind", "name")
                .run()
        },
        Migration(version: 30, name: "channels' collections of GIFs: entries, their tags, who may save") { db in
            // Ids, metadata and links only: never the media (the sources' terms forbid a store).
            try await db.create(table: collectionEntries).ifNotExists()
                .column("seq", type: .bigint, .primaryKey(autoIncrement: true))
                .column("network", type: .text, .notNull)
                .column("channel", type: .text, .notNull)
                .column("gif_id", type: .text, .notNull)
                .column("source", type: .text, .notNull)
                .column("title", type: .text, .notNull)
                .column("saved_by", type: .text, .notNull)
                .column("saved_by_name", type: .text, .notNull)
                .column("saved_at", type: .bigint, .notNull)
                .column("url", type: .text, .notNull)
                .column("preview_url", type: .text)
                .column("preview_width", type: .bigint)
                .column("preview_height", type: .bigint)
                .column("page_url", type: .text)
                .column("rating", type: .text)
                .unique("network", "channel", "gif_id")
                .run()
            try await db.create(table: collectionTags).ifNotExists()
                .column("network", type: .text, .notNull)
                .column("channel", type: .text, .notNull)
                .column("gif_id", type: .text, .notNull)
                .column("tag", type: .text, .notNull)
                .primaryKey("network", "channel", "gif_id", "tag")
                .run()
            // `!gif #tag` and the gallery's tag filter look tags up by channel and tag.
            try await db.raw(
                "CREATE INDEX IF NOT EXISTS collection_tags_by_tag ON \(ident: collectionTags) (network, channel, tag)"
            ).run()
            try await db.create(table: collectionPolicies).ifNotExists()
                .column("network", type: .text, .notNull)
                .column("channel", type: .text, .notNull)
                .column("savers", type: .text)
                .column("is_public", type: .bigint)
                .primaryKey("network", "channel")
                .run()
        },
        Migration(version: 40, name: "web gallery: signing secret, used login links, sessions, channel grants") { db in
            try await db.create(table: webSecrets).ifNotExists()
                .column("name", type: .text, .primaryKey(autoIncrement: false))
                .column("secret", type: .text, .notNull)
                .run()
            // A login link's nonce once used, kept until the link would have expired anyway.
            try await db.create(table: webUsedLoginNonces).ifNotExists()
                .column("nonce", type: .text, .primaryKey(autoIncrement: false))
                .column("expires_at", type: .bigint, .notNull)
                .run()
            // `id_hash` is the SHA-256 of the session cookie: a copy of the database opens no session.
            try await db.create(table: webSessions).ifNotExists()
                .column("id_hash", type: .text, .primaryKey(autoIncrement: false))
                .column("network", type: .text, .notNull)
                .column("user_id", type: .text, .notNull)
                .column("created_at", type: .bigint, .notNull)
                .column("expires_at", type: .bigint, .notNull)
                .run()
            try await db.create(table: webChannelGrants).ifNotExists()
                .column("network", type: .text, .notNull)
                .column("user_id", type: .text, .notNull)
                .column("channel", type: .text, .notNull)
                .column("granted_at", type: .bigint, .notNull)
                .primaryKey("network", "user_id", "channel")
                .run()
        },
        Migration(version: 50, name: "each channel's preview mode (off, optional, required)") { db in
            // Its own table rather than a column of channel_settings: a channel with a mode always
            // has a channel_settings row too (written with the mode), so exports carry it there.
            try await db.create(table: channelPreviewModes).ifNotExists()
                .column("network", type: .text, .notNull)
                .column("channel", type: .text, .notNull)
                .column("mode", type: .text, .notNull)
                .primaryKey("network", "channel")
                .run()
        },
        Migration(version: 60, name: "Matrix preview messages still showing, to redact after a restart") { db in
            // Previews live in memory; a row per preview message the bot showed and has not yet
            // made final or taken back, so the next process redacts those a restart abandoned.
            // `run_id` tells this process's rows from a previous one's.
            try await db.create(table: matrixShownPreviews).ifNotExists()
                .column("account", type: .text, .notNull)
                .column("event_id", type: .text, .notNull)
                .column("room_id", type: .text, .notNull)
                .column("run_id", type: .text, .notNull)
                .column("shown_at", type: .bigint, .notNull)
                .primaryKey("account", "event_id")
                .run()
        },
        Migration(version: 70, name: "the bot's outbound Megolm sessions are no longer stored: their rows go") { db in
            // Each room's ratchet and who had it, keys included: the adapter now keeps its own
            // sessions in memory only and never continues a stored one.
            try await db.delete(from: matrixCryptoState)
                .where("kind", .in, ["megolm_outbound", "megolm_outbound_recipients"])
                .run()
        },
    ]
}

import GifBotCore
import MatrixState
import SQLKit

extension BotStore {
    /// Stored overrides for a channel; all nil when none were set.
    public func channelSettings(network: String, channel: String) async throws -> ChannelSettings {
        guard
            let row = try await database.select()
                .columns("rating", "cooldown_commands", "cooldown_seconds")
                .from(Schema.channelSettings)
                .where("network", .equal, network).where("channel", .equal, channel)
                .first()
        else { return ChannelSettings() }
        return ChannelSettings(
            rating: try row.decode(column: "rating", as: String?.self),
            cooldownCommands: try row.decode(column: "cooldown_commands", as: Int?.self),
            cooldownSeconds: try row.decode(column: "cooldown_seconds", as: Int?.self),
            previewMode: try await previewMode(network: network, channel: channel)
        )
    }

    func previewMode(network: String, channel: String) async throws -> String? {
        try await database.select().column("mode").from(Schema.channelPreviewModes)
            .where("network", .equal, network).where("channel", .equal, channel)
            .first(decodingColumn: "mode", as: String.self)
    }

    /// Sets (or with nil, clears) a channel's preview mode, keeping a channel_settings row for the
    /// channel so that exports list it.
    func setPreviewMode(_ mode: String?, network: String, channel: String) async throws {
        try await database.insert(into: Schema.channelSettings)
            .columns("network", "channel").values(SQLBind(network), SQLBind(channel))
            .ignoringConflicts(with: ["network", "channel"])
            .run()
        guard let mode else {
            try await database.delete(from: Schema.channelPreviewModes)
                .where("network", .equal, network).where("channel", .equal, channel)
                .run()
            return
        }
        try await database.insert(into: Schema.channelPreviewModes)
            .columns("network", "channel", "mode").values(SQLBind(network), SQLBind(channel), SQLBind(mode))
            .onConflict(with: ["network", "channel"]) { $0.set(excludedValueOf: "mode") }
            .run()
    }

    /// Changes one setting of a channel in one statement, leaving the others as they are, so
    /// two admins changing different settings at once (or two instances) never undo each other.
    public func changeChannelSetting(_ change: ChannelSettingChange, network: String, channel: String) async throws {
        if case .previewMode(let mode) = change {
            try await setPreviewMode(mode, network: network, channel: channel)
            return
        }
        let columns = change.columns
        try await database.insert(into: Schema.channelSettings)
            .columns(["network", "channel"] + columns.map(\.name))
            .values([SQLBind(network), SQLBind(channel)] + columns.map(\.value))
            .onConflict(with: ["network", "channel"]) { update in
                columns.reduce(update) { $0.set(excludedValueOf: $1.name) }
            }
            .run()
    }

    /// Adapter bookkeeping (a Matrix sync token, a stored access token) by key.
    public func adapterState(_ key: String) async throws -> String? {
        try await kept.statement("adapterState.select", binds: [key], on: database) {
            database.select().column("value").from(Schema.adapterState)
                .where("key", .equal, key)
                .limit(1)
        }
        .first(decodingColumn: "value", as: String.self)
    }

    /// Written with every sync answer (the sync token, unsynced): its text is kept.
    public func setAdapterState(_ key: String, to value: String, durability: WriteDurability) async throws {
        let updatedAt = Clock.unixSeconds()
        let database = durability == .synced ? database : unsyncedDatabase
        try await kept.statement("adapterState.upsert", binds: [key, value, updatedAt], on: database) {
            database.insert(into: Schema.adapterState)
                .columns("key", "value", "updated_at")
                .values(SQLBind(key), SQLBind(value), SQLBind(updatedAt))
                .onConflict(with: ["key"]) { $0.set(excludedValueOf: "value").set(excludedValueOf: "updated_at") }
        }
        .run()
    }
}

extension ChannelSettingChange {
    /// The columns the change writes, with their values.
    var columns: [(name: String, value: SQLBind)] {
        switch self {
        case .rating(let rating):
            [("rating", SQLBind(rating))]
        case .cooldown(let commands, let seconds):
            [("cooldown_commands", SQLBind(commands)), ("cooldown_seconds", SQLBind(seconds))]
        case .previewMode:
            // Kept in its own table (`BotStore.setPreviewMode`).
            []
        }
    }
}

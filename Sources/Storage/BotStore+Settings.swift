import GifBotCore
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
            cooldownSeconds: try row.decode(column: "cooldown_seconds", as: Int?.self)
        )
    }

    /// Changes one setting of a channel in one statement, leaving the others as they are, so
    /// two admins changing different settings at once (or two instances) never undo each other.
    public func changeChannelSetting(_ change: ChannelSettingChange, network: String, channel: String) async throws {
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
        try await database.select().column("value").from(Schema.adapterState)
            .where("key", .equal, key)
            .first(decodingColumn: "value", as: String.self)
    }

    public func setAdapterState(_ key: String, to value: String) async throws {
        try await database.insert(into: Schema.adapterState)
            .columns("key", "value", "updated_at")
            .values(SQLBind(key), SQLBind(value), SQLBind(Clock.unixSeconds()))
            .onConflict(with: ["key"]) { $0.set(excludedValueOf: "value").set(excludedValueOf: "updated_at") }
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
        }
    }
}

import Logging
import Storage

/// Per-channel overrides set by admins, read on every command: kept in memory for a few seconds
/// after a read so the hot path rarely costs a query. A change is written to the store as one
/// statement and then drops the cached value; a read that was under way when a change landed
/// never fills the cache (its generation is stale), so an older read can never overwrite a
/// newer setting. A change made by another instance sharing the database is seen once the
/// cached value expires (read-through with a short time to live, `timeToLive`).
actor ChannelSettingsCache {
    /// How stale a setting changed on another instance can be here.
    static let defaultTimeToLive = Duration.seconds(5)

    private struct Key: Hashable {
        let network: String
        let channel: String
    }

    private let store: BotStore
    private let logger: Logger
    private let timeToLive: Duration
    private var cached: [Key: (settings: ChannelSettings, until: ContinuousClock.Instant)] = [:]
    /// Bumped by every change of a key: a read fills the cache only if none happened meanwhile.
    private var generations: [Key: Int] = [:]

    init(store: BotStore, logger: Logger, timeToLive: Duration = defaultTimeToLive) {
        self.store = store
        self.logger = logger
        self.timeToLive = timeToLive
    }

    /// The stored overrides; none when the store cannot be read (the defaults are the safe side:
    /// a rating override can only lower the configured maximum).
    func settings(network: String, channel: String) async -> ChannelSettings {
        let key = Key(network: network, channel: channel)
        if let entry = cached[key], entry.until > .now { return entry.settings }
        let generation = generations[key, default: 0]
        do {
            let settings = try await store.channelSettings(network: network, channel: channel)
            if generations[key, default: 0] == generation { cached[key] = (settings, .now + timeToLive) }
            return settings
        } catch {
            logger.error("Could not read channel settings", metadata: ["channel": "\(channel)", "error": "\(error)"])
            return ChannelSettings()
        }
    }

    func change(_ change: ChannelSettingChange, network: String, channel: String) async throws {
        let key = Key(network: network, channel: channel)
        defer {
            // Also after a failed write: its outcome is unknown, so the next read asks the store.
            generations[key, default: 0] += 1
            cached[key] = nil
        }
        try await store.changeChannelSetting(change, network: network, channel: channel)
    }
}

import Logging

/// Per-channel overrides set by admins, read on every command, through a `ReadThroughCache`:
/// a change made here is seen at once, one made by another instance within `defaultTimeToLive`.
struct ChannelSettingsCache: Sendable {
    /// How stale a setting changed on another instance can be here.
    static var defaultTimeToLive: Duration { ReadThroughCache<Key, ChannelSettings>.defaultTimeToLive }
    /// Channels whose settings are kept at once: far more than a bot sits in.
    static let capacity = 1024

    struct Key: Hashable, Sendable {
        let network: String
        let channel: String
    }

    private let store: any ChannelSettingsStore
    private let logger: Logger
    private let cache: ReadThroughCache<Key, ChannelSettings>

    init(store: any ChannelSettingsStore, logger: Logger, timeToLive: Duration = defaultTimeToLive) {
        self.store = store
        self.logger = logger
        cache = ReadThroughCache(timeToLive: timeToLive, capacity: Self.capacity)
    }

    /// The stored overrides; none when the store cannot be read (the defaults are the safe side:
    /// a rating override can only lower the configured maximum).
    func settings(network: String, channel: String) async -> ChannelSettings {
        do {
            return try await cache.value(for: Key(network: network, channel: channel)) { [store] in
                try await store.channelSettings(network: network, channel: channel)
            }
        } catch {
            logger.error("Could not read channel settings", metadata: ["channel": "\(channel)", "error": "\(error)"])
            return ChannelSettings()
        }
    }

    /// One upsert of only the changed columns, then the cached value is dropped.
    func change(_ change: ChannelSettingChange, network: String, channel: String) async throws {
        try await cache.change(Key(network: network, channel: channel)) { [store] in
            try await store.changeChannelSetting(change, network: network, channel: channel)
        }
    }
}

import Logging
import Storage

/// Per-channel overrides set by admins, read on every command: kept in memory after the first
/// read so the hot path costs no query, written through to the store so they survive restarts.
actor ChannelSettingsCache {
    private struct Key: Hashable {
        let network: String
        let channel: String
    }

    private let store: BotStore
    private let logger: Logger
    private var cached: [Key: ChannelSettings] = [:]

    init(store: BotStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// The stored overrides; none when the store cannot be read (the defaults are the safe side:
    /// a rating override can only lower the configured maximum).
    func settings(network: String, channel: String) async -> ChannelSettings {
        let key = Key(network: network, channel: channel)
        if let settings = cached[key] { return settings }
        do {
            let settings = try await store.channelSettings(network: network, channel: channel)
            cached[key] = settings
            return settings
        } catch {
            logger.error("Could not read channel settings", metadata: ["channel": "\(channel)", "error": "\(error)"])
            return ChannelSettings()
        }
    }

    func update(network: String, channel: String, _ change: (inout ChannelSettings) -> Void) async throws {
        var settings = await self.settings(network: network, channel: channel)
        change(&settings)
        try await store.setChannelSettings(settings, network: network, channel: channel)
        cached[Key(network: network, channel: channel)] = settings
    }
}

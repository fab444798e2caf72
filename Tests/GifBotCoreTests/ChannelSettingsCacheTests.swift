import BotTestSupport
import Logging
import Storage
import Testing

@testable import GifBotCore

/// The settings cache must never serve a setting older than the last change, however a read
/// and a change interleave.
@Suite struct ChannelSettingsCacheTests {
    @Test func aReadUnderWayWhenAChangeLandsDoesNotBringTheOldValueBack() async throws {
        let testBot = try await TestBot()
        let cache = ChannelSettingsCache(store: testBot.store, logger: Logger(label: "test"))
        // The first read runs against the store (no rating yet), then waits.
        let hold = testBot.database.hold { $0.sql.hasPrefix("SELECT") && $0.sql.contains("channel_settings") }
        async let staleRead = cache.settings(network: "irc", channel: "#gifs")
        await hold.reached()
        try await cache.change(.rating("pg"), network: "irc", channel: "#gifs")
        hold.release()
        #expect(await staleRead.rating == nil, "the read saw the store before the change")
        #expect(await cache.settings(network: "irc", channel: "#gifs").rating == "pg")
        await testBot.finish()
    }

    @Test func changesToDifferentSettingsAtOnceKeepBoth() async throws {
        let testBot = try await TestBot()
        let cache = ChannelSettingsCache(store: testBot.store, logger: Logger(label: "test"))
        async let rating: Void = cache.change(.rating("pg-13"), network: "irc", channel: "#gifs")
        async let cooldown: Void = cache.change(.cooldown(commands: 3, seconds: 20), network: "irc", channel: "#gifs")
        _ = try await (rating, cooldown)
        #expect(
            await cache.settings(network: "irc", channel: "#gifs")
                == ChannelSettings(rating: "pg-13", cooldownCommands: 3, cooldownSeconds: 20))
        await testBot.finish()
    }

    /// Another instance writes straight to the shared store: a cached value hides its change
    /// until it expires, and an expired one is read through again.
    @Test(arguments: [(Duration.seconds(3600), ChannelSettings()), (Duration.zero, ChannelSettings(rating: "pg"))])
    func changesByAnotherInstanceAreSeenOnceTheCachedValueExpires(
        _ timeToLive: Duration, _ expected: ChannelSettings
    ) async throws {
        let testBot = try await TestBot()
        let cache = ChannelSettingsCache(store: testBot.store, logger: Logger(label: "test"), timeToLive: timeToLive)
        #expect(await cache.settings(network: "irc", channel: "#gifs") == ChannelSettings())
        try await testBot.store.changeChannelSetting(.rating("pg"), network: "irc", channel: "#gifs")
        #expect(await cache.settings(network: "irc", channel: "#gifs") == expected)
        await testBot.finish()
    }
}

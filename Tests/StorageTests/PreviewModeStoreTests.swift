import GifBotCore
import Testing

@testable import Storage

/// A channel's preview mode (issue 24) is kept across restarts like its rating, beside the
/// other settings, and travels with `gifbot export` / `gifbot import`.
@Suite struct PreviewModeStoreTests {
    @Test(arguments: Engine.allCases)
    func theModeIsKeptAcrossRestartsAndLeavesOtherSettingsAlone(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        var store = try await database.open()
        try await store.changeChannelSetting(.rating("pg"), network: "irc", channel: "#gifs")
        try await store.changeChannelSetting(.previewMode("required"), network: "irc", channel: "#gifs")
        try await store.changeChannelSetting(.previewMode("off"), network: "irc", channel: "#quiet")
        try await store.close()

        store = try await database.open()
        #expect(
            try await store.channelSettings(network: "irc", channel: "#gifs")
                == ChannelSettings(rating: "pg", previewMode: "required"))
        #expect(
            try await store.channelSettings(network: "irc", channel: "#quiet") == ChannelSettings(previewMode: "off"))
        try await store.changeChannelSetting(.rating("g"), network: "irc", channel: "#gifs")
        #expect(try await store.channelSettings(network: "irc", channel: "#gifs").previewMode == "required")
        try await store.changeChannelSetting(.previewMode(nil), network: "irc", channel: "#gifs")
        #expect(try await store.channelSettings(network: "irc", channel: "#gifs") == ChannelSettings(rating: "g"))
        try await store.close()
    }

    @Test(arguments: Engine.allCases)
    func exportAndImportCarryTheMode(_ engine: Engine) async throws {
        let source = try await TestDatabase(engine), target = try await TestDatabase(engine)
        defer { [source, target].forEach { $0.remove() } }
        let first = try await source.open(), second = try await target.open()
        try await first.changeChannelSetting(.previewMode("required"), network: "irc", channel: "#gifs")
        let records = try await first.exportRecords()
        #expect(
            try records.map(StoreRecordLines.encode) == [
                ##"{"channel":"#gifs","network":"irc","preview_mode":"required","type":"channel_settings"}"##
            ])
        for record in records { #expect(try await second.importRecord(record)) }
        #expect(
            try await second.channelSettings(network: "irc", channel: "#gifs")
                == ChannelSettings(previewMode: "required"))
        for store in [first, second] { try await store.close() }
    }
}

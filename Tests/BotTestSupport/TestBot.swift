import AsyncHTTPClient
import Foundation
import GifBotCore
import Giphy
import GiphyStandIn
import Logging
import Storage

/// The bot an adapter test runs: the real core with a real GIPHY client talking HTTP to the
/// stand-in and a SQLite store in a temporary folder, its logs captured.
public final class TestBot: Sendable {
    public let standIn: GiphyStandIn
    public let directory: URL
    public let store: BotStore
    /// The store's database: tests make its queries fail or wait.
    public let database: InterceptingDatabase
    public let httpClient: HTTPClient
    public let bot: GifBot
    public let names = NetworkUserNames()
    public let logs = LogCapture()

    public init(settings: BotSettings = BotSettings(cooldownCommands: 0)) async throws {
        standIn = try await GiphyStandIn.start()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let logger = logs.logger(level: .debug)
        let sqlite = try await SQLiteStore.open(path: directory.appendingPathComponent("bot.sqlite").path, logger: logger)
        database = InterceptingDatabase(sqlite.database)
        store = BotStore(database: database, logger: logger) { try await sqlite.close() }
        httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
        let giphy = GiphyClient(configuration: GiphyClientConfiguration(baseURL: standIn.baseURL, apiKey: GiphyStandIn.defaultAPIKey),
                                transport: AsyncHTTPGiphyTransport(httpClient: httpClient), logger: logger)
        bot = GifBot(giphy: giphy, store: store, settings: settings, names: names, logger: logger)
    }

    public func finish() async {
        await bot.finishPendingWrites()
        try? await httpClient.shutdown()
        try? await store.close()
        try? await standIn.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

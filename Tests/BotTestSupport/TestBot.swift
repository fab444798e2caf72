import AsyncHTTPClient
import Foundation
import GifBotCore
import GifSources
import Giphy
import GiphyStandIn
import HTTPTransport
import Klipy
import KlipyStandIn
import Logging
import Storage

/// The bot an adapter test runs: the real core with a real GIPHY (or KLIPY) client talking HTTP
/// to its stand-in and a SQLite store in a temporary folder, its logs captured.
public final class TestBot: Sendable {
    /// The GIF source the bot uses, as `gifs.sources` would name it alone.
    public enum Source: Sendable {
        case giphy, klipy
    }

    public let standIn: GiphyStandIn
    /// The KLIPY stand-in when the bot runs on KLIPY.
    public let klipyStandIn: KlipyStandIn?
    public let directory: URL
    public let store: BotStore
    /// The store's database: tests make its queries fail or wait.
    public let database: InterceptingDatabase
    public let httpClient: HTTPClient
    public let bot: GifBot
    public let names = NetworkUserNames()
    public let logs = LogCapture()

    public init(settings: BotSettings = BotSettings(cooldownCommands: 0), source: Source = .giphy) async throws {
        standIn = try await GiphyStandIn.start()
        klipyStandIn = source == .klipy ? try await KlipyStandIn.start() : nil
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let logger = logs.logger(level: .debug)
        let sqlite = try await SQLiteStore.open(
            path: directory.appendingPathComponent("bot.sqlite").path, logger: logger)
        database = InterceptingDatabase(sqlite.database)
        store = BotStore(database: database, logger: logger) { try await sqlite.close() }
        httpClient = HTTPClient.gifBot()
        let giphy = GiphyClient(
            configuration: GiphyClientConfiguration(baseURL: standIn.baseURL, apiKey: GiphyStandIn.defaultAPIKey),
            transport: AsyncHTTPGetTransport(httpClient: httpClient), logger: logger)
        let gifSource: any GifSource
        if let klipyStandIn {
            let klipy = KlipyClient(
                configuration: KlipyClientConfiguration(baseURL: klipyStandIn.baseURL, appKey: klipyStandIn.appKey),
                transport: AsyncHTTPGetTransport(httpClient: httpClient), logger: logger)
            gifSource = KlipySource(
                client: klipy, customerIDs: KlipyCustomerIDDeriver(secret: KlipyCustomerIDDeriver.generateSecret()))
        } else {
            gifSource = GiphySource(client: giphy)
        }
        // The stand-ins serve media over http on loopback, as an operator's configuration allows.
        var settings = settings
        settings.links.httpHosts.insert("127.0.0.1")
        bot = GifBot(sources: [gifSource], store: store, settings: settings, names: names, logger: logger)
    }

    public func finish() async {
        await bot.finishPendingWrites()
        try? await httpClient.shutdown()
        try? await store.close()
        try? await standIn.stop()
        try? await klipyStandIn?.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

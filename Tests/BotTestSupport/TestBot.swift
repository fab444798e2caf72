import AsyncHTTPClient
import Foundation
import GifBotApp
import GifBotCore
import GifBotWeb
import GiphyStandIn
import HTTPTransport
import KlipyStandIn
import Logging
import Storage

/// The bot an adapter test runs, wired as `gifbot` wires it (GifBotApp): the real core with a real
/// GIPHY (or KLIPY) client talking HTTP to its stand-in and a SQLite store in a temporary folder,
/// its logs captured.
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
    public let names: NetworkUserNames
    /// The gallery's login links, when the bot was made with a `webBaseURL`.
    public let webAccess: WebAccess?
    public let logs = LogCapture()
    /// The configuration the bot was assembled from, to assemble another on the same store: its
    /// database is the test's file, and the stand-ins' media on loopback are allowed, as an
    /// operator's configuration allows a local mirror.
    package let configuration: AppConfiguration
    /// The wiring `gifbot run` makes, which the harnesses make their adapters from.
    package let runtime: BotRuntime

    /// - Parameter webBaseURL: turns the web gallery's `!web` links on, with this public address
    ///   (no server is started: the links are what chat sees).
    public init(
        settings: BotSettings = BotSettings(cooldownCommands: 0), source: Source = .giphy, webBaseURL: String? = nil
    ) async throws {
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
        var configuration = try await AppConfiguration.load(
            from: ConfigurationSources.load(
                options: Self.options(giphy: standIn, klipy: klipyStandIn).merging(Self.webOptions(webBaseURL)) { $1 }
                    .merging(Self.localOptions(directory: directory, giphy: standIn, klipy: klipyStandIn)) { $1 },
                environment: [:], configFile: nil))
        // The test's own settings; the stand-ins serve media over http on loopback, as an
        // operator's configuration allows.
        configuration.bot = settings
        configuration.bot.links.httpHosts.insert("127.0.0.1")
        self.configuration = configuration
        let runtime = await BotRuntime.assemble(configuration, store: store, httpClient: httpClient, logger: logger)
        self.runtime = runtime
        bot = runtime.bot
        names = runtime.names
        webAccess = runtime.webAccess
    }

    private static func webOptions(_ baseURL: String?) -> [SettingKey: String] {
        guard let baseURL else { return [:] }
        return [.webPort: "8080", .webBaseURL: baseURL]
    }

    /// The test's database file, and the stand-ins allowed as media hosts.
    private static func localOptions(directory: URL, giphy: GiphyStandIn, klipy: KlipyStandIn?) -> [SettingKey: String]
    {
        let hosts = ([giphy.port] + (klipy.map { [$0.port] } ?? [])).map { "http://127.0.0.1:\($0)" }
        return [
            .databaseURL: directory.appendingPathComponent("bot.sqlite").path,
            .mediaHosts: hosts.joined(separator: ","), .mediaAllowPrivateAddresses: "true",
        ]
    }

    /// Another wiring on the same store and stand-ins, as a restarted process has: what the first
    /// core kept in memory (open previews, conversation cursors) it does not know.
    package func restartedRuntime() async -> BotRuntime {
        await BotRuntime.assemble(
            configuration, store: store, httpClient: httpClient, logger: logs.logger(level: .debug))
    }

    /// Another core on the same store and stand-ins (`restartedRuntime`'s).
    public func restartedCore() async -> (bot: GifBot, names: NetworkUserNames) {
        let runtime = await restartedRuntime()
        return (runtime.bot, runtime.names)
    }

    /// The settings `gifbot` would be given to use one stand-in alone.
    private static func options(giphy: GiphyStandIn, klipy: KlipyStandIn?) -> [SettingKey: String] {
        guard let klipy else {
            return [.gifsSources: "giphy", .giphyBaseURL: giphy.baseURL, .giphyAPIKey: GiphyStandIn.defaultAPIKey]
        }
        return [.gifsSources: "klipy", .klipyBaseURL: klipy.baseURL, .klipyAppKey: klipy.appKey]
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

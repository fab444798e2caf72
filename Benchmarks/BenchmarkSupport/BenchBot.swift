import AsyncHTTPClient
import Foundation
import GifBotApp
import GifBotCore
import Giphy
import HTTPTransport
import Logging
import Storage

/// The bot wired by GifBotApp as `gifbot` wires it (GIPHY client over AsyncHTTPClient, SQLite
/// store with durable commits, Prometheus metrics, logs at info), from the settings an operator
/// would give, talking to a GIPHY stand-in at `baseURL`.
public final class BenchBot: Sendable {
    public static let apiKey = "standin-test-key-0123456789"

    public let bot: GifBot
    public let giphy: GiphyClient
    public let store: BotStore
    public let httpClient: HTTPClient
    public let directory: URL

    public init(baseURL: String, cacheTimeToLive: Duration = .seconds(300)) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gifbot-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var logger = Logger(label: "gifbot-benchmark") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .info
        let options: [SettingKey: String] = [
            .gifsSources: "giphy", .giphyBaseURL: baseURL, .giphyAPIKey: Self.apiKey,
            .giphyCacheTTL: String(cacheTimeToLive.inSeconds),
            .giphyRating: "pg-13", .botCooldownCommands: "0",
            .databaseURL: directory.appendingPathComponent("gifbot.sqlite").path,
        ]
        let configuration = try await AppConfiguration.load(
            from: ConfigurationSources.load(options: options, environment: [:], configFile: nil))
        store = try await configuration.database.open(logger: logger)
        httpClient = HTTPClient.gifBot()
        let runtime = await BotRuntime.assemble(configuration, store: store, httpClient: httpClient, logger: logger)
        guard let giphy = runtime.source(GiphySource.self)?.client else {
            throw BenchBotError.noGiphySource
        }
        self.giphy = giphy
        bot = runtime.bot
    }

    /// One line of chat from user number `user` in a channel.
    @discardableResult
    public func say(_ text: String, user: Int, channel: String = "#gifs") async -> [Reply] {
        let chatUser = ChatUser(network: "bench", id: "user\(user)", displayName: "user\(user)")
        return await bot.handle(ChatMessage(user: chatUser, conversation: channel, text: text))
    }

    public func finish() async {
        try? await httpClient.shutdown()
        try? await store.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// GIFs among replies: what "a GIF served" counts.
extension [Reply] {
    public var gifCount: Int {
        reduce(0) { count, reply in
            if case .gif = reply { return count + 1 }
            return count
        }
    }
}

enum BenchBotError: Error {
    /// The configuration built here lists GIPHY; only a wiring change could drop it.
    case noGiphySource
}

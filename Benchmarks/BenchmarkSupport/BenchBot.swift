import AsyncHTTPClient
import Foundation
import GifBotCore
import GifSources
import Giphy
import HTTPTransport
import Logging
import Prometheus
import Storage

/// The bot as `gifbot` wires it (GIPHY client over AsyncHTTPClient, SQLite store with durable
/// commits, Prometheus metrics, logs at info), talking to a GIPHY stand-in at `baseURL`.
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
        store = try await SQLiteStore.open(path: directory.appendingPathComponent("gifbot.sqlite").path, logger: logger)
        httpClient = HTTPClient.gifBot()
        let factory = PrometheusMetricsFactory(registry: PrometheusCollectorRegistry())
        giphy = GiphyClient(
            configuration: GiphyClientConfiguration(
                baseURL: baseURL, apiKey: Self.apiKey, cacheTimeToLive: cacheTimeToLive),
            transport: AsyncHTTPGetTransport(httpClient: httpClient),
            metrics: SourceMetrics(source: .giphy, factory: factory),
            logger: logger)
        bot = GifBot(
            sources: [GiphySource(client: giphy)], store: store,
            settings: BotSettings(
                maximumRating: .pg13, cooldownCommands: 0, links: LinkPolicy(httpHosts: ["127.0.0.1"])),
            metrics: BotMetrics(factory: factory), logger: logger)
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

import AsyncHTTPClient
import GifBotCore
import Giphy
import Logging
import Storage

/// The shared parts of a running process: one HTTP client, one store, one GIPHY client and the
/// bot, opened together and closed together.
struct BotRuntime: Sendable {
    let configuration: AppConfiguration
    let bot: GifBot
    /// How each network names users, filled in by the adapters as they start.
    let names: NetworkUserNames
    let giphy: GiphyClient
    let store: BotStore
    let httpClient: HTTPClient
    let metrics: RuntimeMetrics
    let logger: Logger

    static func start(_ configuration: AppConfiguration, logger: Logger,
                      metrics: RuntimeMetrics = RuntimeMetrics()) async throws -> BotRuntime {
        ProcessMemory.limitAllocatorRetention()
        let store = try await configuration.database.open(logger: logger)
        // Instances share a PostgreSQL database, and with it the cool-down after a 429; a
        // SQLite file has one instance, which keeps its cool-down in memory.
        let sharedCooldown = store.dialect == .postgres
            ? DatabaseCooldownStore(store: store, apiKey: configuration.giphy.apiKey, logger: logger) : nil
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
        let giphy = GiphyClient(configuration: configuration.giphy, transport: AsyncHTTPGiphyTransport(httpClient: httpClient),
                                metrics: GiphyMetrics(factory: metrics.factory), sharedCooldown: sharedCooldown, logger: logger)
        let names = NetworkUserNames()
        let bot = GifBot(giphy: giphy, store: store, settings: configuration.bot, names: names,
                         metrics: BotMetrics(factory: metrics.factory), logger: logger)
        return BotRuntime(configuration: configuration, bot: bot, names: names, giphy: giphy, store: store, httpClient: httpClient,
                          metrics: metrics, logger: logger)
    }

    func shutdown() async {
        await bot.finishPendingWrites()
        do { try await httpClient.shutdown() } catch { logger.warning("HTTP client shutdown failed", metadata: ["error": "\(error)"]) }
        do { try await store.close() } catch { logger.warning("Store close failed", metadata: ["error": "\(error)"]) }
    }
}

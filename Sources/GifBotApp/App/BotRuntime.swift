import AsyncHTTPClient
import GifBotCore
import GifSources
import Giphy
import HTTPTransport
import Klipy
import Logging
import ProcessTuning
import Storage

/// The shared parts of a running process: one HTTP client, one store, the GIF source clients and
/// the bot, opened together and closed together.
package struct BotRuntime: Sendable {
    package let configuration: AppConfiguration
    package let bot: GifBot
    /// How each network names users, filled in by the adapters as they start.
    package let names: NetworkUserNames
    package let giphy: GiphyClient
    /// nil when KLIPY is not among `gifs.sources`.
    package let klipy: KlipyClient?
    package let store: BotStore
    package let httpClient: HTTPClient
    package let metrics: RuntimeMetrics
    package let logger: Logger

    package static func start(
        _ configuration: AppConfiguration, logger: Logger,
        metrics: RuntimeMetrics = RuntimeMetrics()
    ) async throws -> BotRuntime {
        ProcessMemory.limitAllocatorRetention()
        let store = try await configuration.database.open(logger: logger)
        let httpClient = HTTPClient.gifBot()
        let factory = GifSourceFactory(
            configuration: configuration, transport: AsyncHTTPGetTransport(httpClient: httpClient),
            store: store, metrics: metrics, logger: logger)
        let giphy = factory.giphyClient()
        let klipy = factory.klipyClient()
        let names = NetworkUserNames()
        let bot = GifBot(
            sources: await factory.sources(giphy: giphy, klipy: klipy), store: store, settings: configuration.bot,
            names: names,
            metrics: BotMetrics(factory: metrics.factory), logger: logger)
        return BotRuntime(
            configuration: configuration, bot: bot, names: names, giphy: giphy, klipy: klipy, store: store,
            httpClient: httpClient,
            metrics: metrics, logger: logger)
    }

    package func shutdown() async {
        await bot.finishPendingWrites()
        do { try await httpClient.shutdown() } catch {
            logger.warning("HTTP client shutdown failed", metadata: ["error": "\(error)"])
        }
        do { try await store.close() } catch { logger.warning("Store close failed", metadata: ["error": "\(error)"]) }
    }
}

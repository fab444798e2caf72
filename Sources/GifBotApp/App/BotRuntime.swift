import AsyncHTTPClient
import GifBotCore
import GifBotWeb
import GifSources
import HTTPTransport
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
    /// The GIF sources in `gifs.sources` order, as the bot asks them.
    package let sources: [any GifSource]
    package let store: BotStore
    package let httpClient: HTTPClient
    package let metrics: RuntimeMetrics
    /// Login links and sessions of the web gallery; nil when it is off.
    package let webAccess: WebAccess?
    package let logger: Logger

    /// Opens the configured store and the process's HTTP client, then wires the rest. (The
    /// allocator's limits are set before, by the process, ahead of its threads:
    /// `ProcessRunner.run`.)
    package static func start(
        _ configuration: AppConfiguration, logger: Logger,
        metrics: RuntimeMetrics = RuntimeMetrics()
    ) async throws -> BotRuntime {
        let store = try await configuration.database.open(logger: logger)
        return await assemble(
            configuration, store: store, httpClient: HTTPClient.gifBot(), metrics: metrics, logger: logger)
    }

    /// The one wiring of sources, store and bot, for the executable, the benchmark and the
    /// tests alike; a test brings a store whose database it can make fail.
    package static func assemble(
        _ configuration: AppConfiguration, store: BotStore, httpClient: HTTPClient,
        metrics: RuntimeMetrics = RuntimeMetrics(), logger: Logger
    ) async -> BotRuntime {
        let factory = GifSourceFactory(
            configuration: configuration, transport: AsyncHTTPRequestTransport(httpClient: httpClient),
            store: store, metrics: metrics, logger: logger)
        let sources = await factory.sources()
        let names = NetworkUserNames()
        let webAccess = configuration.web.map { WebAccess(store: store, settings: $0) }
        let bot = GifBot(
            sources: sources, store: store, settings: configuration.bot, names: names,
            metrics: BotMetrics(factory: metrics.factory), webLinks: webAccess,
            backgroundExecutor: ProcessThreads.loopExecutor(), logger: logger)
        return BotRuntime(
            configuration: configuration, bot: bot, names: names, sources: sources, store: store,
            httpClient: httpClient, metrics: metrics, webAccess: webAccess, logger: logger)
    }

    /// The configured source of one kind, when it is among `gifs.sources` (its client's gate and
    /// counters are what the benchmark and tests read).
    package func source<Source: GifSource>(_ kind: Source.Type) -> Source? {
        sources.lazy.compactMap { $0 as? Source }.first
    }

    package func shutdown() async {
        await bot.finishPendingWrites()
        do { try await httpClient.shutdown() } catch {
            logger.warning("HTTP client shutdown failed", metadata: ["error": "\(error)"])
        }
        do { try await store.close() } catch { logger.warning("Store close failed", metadata: ["error": "\(error)"]) }
    }
}

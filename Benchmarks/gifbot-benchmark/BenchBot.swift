import AsyncHTTPClient
import Foundation
import GifBotCore
import GifSources
import Giphy
import Logging
import Prometheus
import Storage

/// The bot as `gifbot` wires it (GIPHY client over AsyncHTTPClient, SQLite store with durable
/// commits, Prometheus metrics, logs at info), talking to a GIPHY stand-in at `baseURL`.
final class BenchBot: Sendable {
    static let apiKey = "standin-test-key-0123456789"

    let bot: GifBot
    let giphy: GiphyClient
    let store: BotStore
    let httpClient: HTTPClient
    let directory: URL

    init(baseURL: String, cacheTimeToLive: Duration = .seconds(300)) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var logger = Logger(label: "gifbot-benchmark") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .info
        store = try await SQLiteStore.open(path: directory.appendingPathComponent("gifbot.sqlite").path, logger: logger)
        httpClient = HTTPClient.gifBot()
        let factory = PrometheusMetricsFactory(registry: PrometheusCollectorRegistry())
        giphy = GiphyClient(configuration: GiphyClientConfiguration(baseURL: baseURL, apiKey: Self.apiKey, cacheTimeToLive: cacheTimeToLive),
                            transport: AsyncHTTPGetTransport(httpClient: httpClient), metrics: SourceMetrics(source: .giphy, factory: factory),
                            logger: logger)
        bot = GifBot(sources: [GiphySource(client: giphy)], store: store, settings: BotSettings(maximumRating: .pg13, cooldownCommands: 0),
                     metrics: BotMetrics(factory: factory), logger: logger)
    }

    /// One line of chat from user number `user` in a channel.
    @discardableResult
    func say(_ text: String, user: Int, channel: String = "#gifs") async -> [Reply] {
        let chatUser = ChatUser(network: "bench", id: "user\(user)", displayName: "user\(user)")
        return await bot.handle(ChatMessage(user: chatUser, conversation: channel, text: text))
    }

    func finish() async {
        try? await httpClient.shutdown()
        try? await store.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// GIFs among replies: what "a GIF served" counts.
extension [Reply] {
    var gifCount: Int {
        reduce(0) { count, reply in
            if case .gif = reply { return count + 1 }
            return count
        }
    }
}

/// The GIPHY stand-in as its own process (so its CPU and memory are not the bot's), started
/// from the same build folder as the benchmark.
final class StandInProcess: Sendable {
    let process: Process
    let baseURL: String

    init() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("giphy-stand-in")
        let process = Process()
        process.executableURL = binary
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        self.process = process
        baseURL = String(decoding: line, as: UTF8.self)
        guard baseURL.hasPrefix("http") else { throw BenchmarkError.standInDidNotStart }
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

enum BenchmarkError: Error {
    case standInDidNotStart
    case childFailed(String)
}

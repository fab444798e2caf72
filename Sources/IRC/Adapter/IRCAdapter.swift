import CoreMetrics
import GifBotCore
import Logging
import NIOCore
import NIOPosix
import ProcessTuning
import ServiceLifecycle
import Synchronization

/// The bot on one IRC network: connects, answers commands, and reconnects after any loss with
/// exponential backoff and jitter (never a tight loop), until the service group shuts down.
public final class IRCAdapter: Service {
    private let configuration: IRCNetworkConfiguration
    private let bot: GifBot
    private let directory = IRCUserDirectory()
    private let control = IRCSessionControl()
    private let group: any EventLoopGroup
    private let version: String
    private let logger: Logger
    private let channels: Mutex<[IRCNetworkConfiguration.Channel]>
    /// The server's nick length, once a connection learned it, for the next one.
    private let nickLengthLimit = Mutex<Int?>(nil)
    private let connections = Atomic<Int>(0)
    private let health: IRCSessionHealth
    /// Connected, registered and in every configured channel, or why not: for `/readyz`.
    public var status: AdapterStatus { health.status }

    public init(
        configuration: IRCNetworkConfiguration, bot: GifBot, names: NetworkUserNames, version: String,
        logger: Logger, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        metrics: any MetricsFactory = MetricsSystem.factory
    ) {
        self.configuration = configuration
        self.health = IRCSessionHealth(
            status: AdapterStatus(kind: "irc", name: configuration.statusName, factory: metrics), factory: metrics)
        self.bot = bot
        self.version = version
        self.group = group
        self.channels = Mutex(configuration.channels)
        var logger = logger
        logger[metadataKey: "network"] = "\(configuration.name)"
        self.logger = logger
        names.register(directory, for: configuration.name)
        bot.posters.register(control, for: configuration.name)
    }

    /// How many connections have registered so far (for tests and metrics).
    public var registeredConnections: Int { connections.load(ordering: .relaxed) }

    public func run() async throws {
        var backoff = ReconnectBackoff(
            initial: configuration.timing.reconnectInitial, maximum: configuration.timing.reconnectMaximum,
            stableAfter: configuration.timing.stableConnection)
        await withGracefulShutdownHandler {
            while !Task.isCancelled, !control.isShuttingDown {
                let started = ContinuousClock.now
                backoff.connected(at: started)
                health.status.connecting()
                let reason = await connectOnce()
                // The reason (an error naming the server's host and port, or the server's own
                // words) goes to the log below, not to `/readyz`.
                health.status.disconnected("not connected")
                backoff.disconnected(at: .now)
                guard !Task.isCancelled, !control.isShuttingDown else { break }
                let delay = backoff.nextDelay()
                logger.warning(
                    "Disconnected; reconnecting",
                    metadata: ["reason": "\(reason)", "in_seconds": "\(delay.components.seconds)"])
                // A shutdown must not wait out a backoff of minutes.
                do { try await cancellingOnGracefulShutdown { try await Task.sleep(for: delay) } } catch { break }
            }
            logger.info("IRC adapter stopped")
        } onGracefulShutdown: { [control] in
            control.requestShutdown(reason: "GifBot is shutting down")
        }
    }

    /// One connection from connect to close; never throws, returns why it ended.
    private func connectOnce() async -> String {
        logger.info(
            "Connecting",
            metadata: [
                "host": "\(configuration.host)", "port": "\(configuration.port)", "tls": "\(configuration.useTLS)",
            ])
        let connection: IRCConnector.Connection
        do {
            connection = try await IRCConnector(configuration: configuration, group: group).connect()
        } catch {
            return "could not connect: \(error)"
        }
        let session = IRCSession(
            configuration: configuration, channels: channels.withLock { $0 },
            nickLengthLimit: nickLengthLimit.withLock { $0 }, bot: bot, directory: directory,
            control: control, version: version, logger: logger,
            onRegistered: { [self] in self.connections.add(1, ordering: .relaxed) }, health: health)
        do {
            let outcome = try await session.run(connection)
            channels.withLock { $0 = outcome.channels }
            nickLengthLimit.withLock { $0 = outcome.nickLengthLimit }
            return outcome.reason
        } catch {
            return "connection failed: \(error)"
        }
    }
}

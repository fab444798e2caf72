import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// Serves a Hummingbird responder as Hummingbird's `Application` does, less its date timer.
/// `Application` runs a task that formats the `Date` header once a second; on an idle bot that
/// timer woke a thread of Swift's global executor every second (often a new thread: idle ones
/// exit), about 0.3 ms of CPU a second for each listener, three times the idle cost of a Matrix
/// account. The header is formatted for each response instead (`HTTPDate`): a few answers a
/// minute on the ops endpoint and the gallery, none when nobody asks.
public struct ListenerService<Responder: HTTPResponder>: Service
where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    let responder: Responder
    let listener: LimitedListener
    let configuration: ServerConfiguration
    let onListening: @Sendable (SocketAddress) -> Void
    let logger: Logger

    /// `onListening`: the address once the socket listens (a test's port 0 made real).
    public init(
        responder: Responder, listener: LimitedListener, address: BindAddress,
        onListening: @escaping @Sendable (SocketAddress) -> Void = { _ in }, logger: Logger
    ) {
        self.responder = responder
        self.listener = listener
        configuration = ServerConfiguration(address: address, serverName: nil)
        self.onListening = onListening
        self.logger = logger
    }

    public func run() async throws {
        let (responder, listener, onListening, logger) = (responder, listener, onListening, logger)
        let service = try listener.server.buildServer(
            configuration: configuration, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger
        ) { request, responseWriter, channel in
            let context = Responder.Context(source: ApplicationRequestContextSource(channel: channel, logger: logger))
            var response: Response
            do {
                response = try await responder.respond(to: request, context: context)
            } catch let error as HTTPParserError {
                throw error
            } catch {
                logger.debug("Unanswered error", metadata: ["error.type": "\(type(of: error))"])
                response = Response(status: .internalServerError)
            }
            response.headers[.date] = HTTPDate.now()
            do {
                let bodyWriter = try await responseWriter.writeHead(response.head)
                try await response.body.write(bodyWriter)
            } catch is HTTPParserError {
                // Not the parser's error: the channel would answer it with a second response.
                throw ResponseNotWritten()
            }
        } onServerRunning: { channel in
            await listener.onServerRunning(channel)
            if let address = channel.localAddress { onListening(address) }
        }
        try await service.run()
    }

    struct ResponseNotWritten: Error {}
}

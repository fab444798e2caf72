import HTTPListening
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// The ops endpoint as a service of the bot's service group: an HTTP/1.1 server on SwiftNIO
/// answering `/healthz`, `/readyz` and `/metrics`. It stops listening when the group shuts
/// down; listed first in the group, it is the last to stop, so probes see the shutdown.
///
/// Bounded (see `OpsLimits`): idle connections are closed, the open ones capped. Accept errors
/// such as EMFILE pause accepting for a second instead of retrying at once (`AcceptPause`).
public struct OpsServer: Service {
    let host: String
    let port: Int
    let routes: OpsRoutes
    let limits: OpsLimits
    let logger: Logger
    let group: any EventLoopGroup
    let onListening: @Sendable (SocketAddress) -> Void

    /// - Parameter onListening: told the bound address once the server listens.
    public init(
        host: String, port: Int, routes: OpsRoutes, limits: OpsLimits = OpsLimits(), logger: Logger,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        onListening: @escaping @Sendable (SocketAddress) -> Void = { _ in }
    ) {
        self.host = host
        self.port = port
        self.routes = routes
        self.limits = limits
        self.logger = logger
        self.group = group
        self.onListening = onListening
    }

    public func run() async throws {
        let table = ConnectionTable(capacity: limits.maxConnections)
        let (idleTimeout, logger) = (limits.idleTimeout, logger)
        let server = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        AcceptPause(listener: "The ops endpoint", logger: logger))
                }
            }
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try Self.admit(channel, to: table, logger: logger)
                    do {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                        try channel.pipeline.syncOperations.addHandler(
                            OpsIdleTimeout(timeout: idleTimeout, table: table))
                        return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                            wrappingChannelSynchronously: channel)
                    } catch {
                        // A connection that failed to set up would otherwise hold its place.
                        channel.close(promise: nil)
                        throw error
                    }
                }
            }
        if let address = server.channel.localAddress {
            logger.info(
                "Ops endpoint listening",
                metadata: [
                    "address": "\(address)", "max_connections": "\(table.capacity)",
                    "idle_timeout": "\(limits.idleTimeout)",
                ])
            onListening(address)
        }
        let fileLimit = OpenFileLimit.current
        if limits.isCloseTo(fileLimit: fileLimit) {
            logger.warning(
                "The ops endpoint's connection cap is over a quarter of the open-file limit: idle connections could use up the descriptors the bot needs",
                metadata: [
                    "max_connections": "\(limits.maxConnections)", "open_file_limit": "\(fileLimit ?? 0)",
                ])
        }
        do {
            // Cancelling on shutdown also ends idle keep-alive connections, which would
            // otherwise hold the group open.
            try await cancelWhenGracefulShutdown {
                try await withThrowingDiscardingTaskGroup { connections in
                    try await server.executeThenClose { inbound in
                        for try await connection in inbound {
                            connections.addTask {
                                await OpsConnection(routes: routes, logger: logger).serve(connection)
                            }
                        }
                    }
                }
            }
        } catch  where Task.isShuttingDownGracefully || Task.isCancelled {
            // Stopping is what was asked for.
        }
        logger.info("Ops endpoint stopped")
    }

    /// Counts a new connection in, closing the one it pushes out; a connection turned away is
    /// closed here and never reaches the server's loop.
    private static func admit(_ channel: any Channel, to table: ConnectionTable, logger: Logger) throws {
        switch table.admit(channel) {
        case .refused:
            logger.debug("Ops connection turned away: every connection is being answered")
            channel.close(promise: nil)
            throw ConnectionRefused()
        case .admitted(let evicted):
            channel.closeFuture.whenComplete { _ in table.remove(channel) }
            if let evicted {
                logger.debug("Ops connection closed to make room: the idle connections reached the cap")
                evicted.close(promise: nil)
            }
        }
    }

    private struct ConnectionRefused: Error {}
}

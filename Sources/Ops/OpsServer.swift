import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// The ops endpoint as a service of the bot's service group: an HTTP/1.1 server on SwiftNIO
/// answering `/healthz`, `/readyz` and `/metrics`. It stops listening when the group shuts
/// down; listed first in the group, it is the last to stop, so probes see the shutdown.
public struct OpsServer: Service {
    let host: String
    let port: Int
    let routes: OpsRoutes
    let logger: Logger
    let group: any EventLoopGroup
    let onListening: @Sendable (SocketAddress) -> Void

    /// - Parameter onListening: told the bound address once the server listens.
    public init(host: String, port: Int, routes: OpsRoutes, logger: Logger,
                group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
                onListening: @escaping @Sendable (SocketAddress) -> Void = { _ in }) {
        self.host = host
        self.port = port
        self.routes = routes
        self.logger = logger
        self.group = group
        self.onListening = onListening
    }

    public func run() async throws {
        let server = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
                }
            }
        if let address = server.channel.localAddress {
            logger.info("Ops endpoint listening", metadata: ["address": "\(address)"])
            onListening(address)
        }
        do {
            // Cancelling on shutdown also ends idle keep-alive connections, which would
            // otherwise hold the group open.
            try await cancelWhenGracefulShutdown {
                try await withThrowingDiscardingTaskGroup { connections in
                    try await server.executeThenClose { inbound in
                        for try await connection in inbound {
                            connections.addTask { await OpsConnection(routes: routes, logger: logger).serve(connection) }
                        }
                    }
                }
            }
        } catch where Task.isShuttingDownGracefully || Task.isCancelled {
            // Stopping is what was asked for.
        }
        logger.info("Ops endpoint stopped")
    }
}

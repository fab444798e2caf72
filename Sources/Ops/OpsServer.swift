import HTTPListening
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The ops endpoint as a service of the bot's service group: `/healthz`, `/readyz` and
/// `/metrics` on Hummingbird, like the gallery, on a port of its own. It stops with the group's
/// graceful shutdown; listed first in the group, it is the last to stop, so probes see the
/// shutdown.
///
/// Bounded as every listener of the process is (`LimitedListener` with `OpsLimits.listener`):
/// connections capped, idle and half-sent ones closed, a newcomer past the cap refused with a
/// short 503, accept paused for a second on EMFILE instead of retried at once.
public struct OpsServer: Service {
    let host: String
    let port: Int
    let routes: OpsRoutes
    let limits: OpsLimits
    let logger: Logger
    let onListening: @Sendable (SocketAddress) -> Void

    /// - Parameter onListening: told the bound address once the server listens.
    public init(
        host: String, port: Int, routes: OpsRoutes, limits: OpsLimits = OpsLimits(), logger: Logger,
        onListening: @escaping @Sendable (SocketAddress) -> Void = { _ in }
    ) {
        self.host = host
        self.port = port
        self.routes = routes
        self.limits = limits
        self.logger = logger
        self.onListening = onListening
    }

    public func run() async throws {
        let fileLimit = OpenFileLimit.current
        if limits.isCloseTo(fileLimit: fileLimit) {
            logger.warning(
                "The ops endpoint's connection cap is over a quarter of the open-file limit: idle connections could use up the descriptors the bot needs",
                metadata: [
                    "max_connections": "\(limits.maxConnections)", "open_file_limit": "\(fileLimit ?? 0)",
                ])
        }
        let listener = LimitedListener(name: "The ops endpoint", limits: limits.listener, logger: logger)
        let (routes, onListening) = (routes, onListening)
        let service = ListenerService(
            responder: CallbackResponder<BasicRequestContext> { request, _ in
                let response = await routes.response(method: request.method, uri: request.uri.description)
                return request.method == .head ? response.hummingbird.createHeadResponse() : response.hummingbird
            },
            listener: listener, address: .hostname(host, port: port), onListening: onListening, logger: logger)
        try await service.run()
        logger.info("Ops endpoint stopped")
    }
}

extension OpsResponse {
    /// The answer as Hummingbird writes it; never cached, since it says how the bot is now.
    var hummingbird: Response {
        var headers: HTTPFields = [.contentType: contentType, .cacheControl: "no-store"]
        if status == .methodNotAllowed { headers[.allow] = "GET, HEAD" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

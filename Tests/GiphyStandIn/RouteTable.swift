import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A stand-in's answers: its default routes, per-path overrides set by a test, and the log of
/// requests received. Shared by the server object and every connection handler; the KLIPY
/// stand-in runs on the same machinery with its own routes.
public final class RouteTable: Sendable {
    private struct State {
        var overrides: [String: StandInResponse] = [:]
        var requests: [RecordedRequest] = []
    }

    private let routes: @Sendable (RecordedRequest) -> StandInResponse
    private let state = Mutex(State())

    public init(routes: @escaping @Sendable (RecordedRequest) -> StandInResponse) {
        self.routes = routes
    }

    func respond(to request: RecordedRequest) -> StandInResponse {
        let override = state.withLock { state in
            state.requests.append(request)
            return state.overrides[request.path]
        }
        return override ?? routes(request)
    }

    public func override(_ path: String, with response: StandInResponse?) {
        state.withLock { $0.overrides[path] = response }
    }

    public func clearOverrides() {
        state.withLock { $0.overrides = [:] }
    }

    public var requests: [RecordedRequest] {
        state.withLock { $0.requests }
    }

    /// Serves this table over HTTP/1.1 on a free port of 127.0.0.1.
    public func serve() async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(StandInHandler(table: self))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }
}

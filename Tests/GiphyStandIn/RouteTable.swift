import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A stand-in's answers: its default routes, per-path overrides set by a test, and the log of
/// requests received. Shared by the server object and every connection handler; the KLIPY
/// stand-in runs on the same machinery with its own routes.
public final class RouteTable: Sendable {
    private let routes: @Sendable (RecordedRequest) -> StandInResponse
    /// What a path answers instead of its route: mostly one fixed response, or one made from
    /// the request (a benchmark's GIF per search words).
    private let overrides = Mutex<[String: @Sendable (RecordedRequest) -> StandInResponse]>([:])
    /// Overrides of every path under a prefix (paths that end in a transaction id).
    private let prefixOverrides = Mutex<[String: StandInResponse]>([:])
    public let requests = Observed<[RecordedRequest]>([])

    public init(routes: @escaping @Sendable (RecordedRequest) -> StandInResponse) {
        self.routes = routes
    }

    /// Keeps `request` in the log; returns its place there.
    func record(_ request: RecordedRequest) -> Int {
        requests.modify { requests in
            requests.append(request)
            return requests.count - 1
        }
    }

    func respond(to request: RecordedRequest) -> StandInResponse {
        // Taken out of the lock before it runs: an answer may read the table itself.
        let override = overrides.withLock { $0[request.path] }
        return override?(request)
            ?? prefixOverrides.withLock { overrides in
                overrides.first { request.path.hasPrefix($0.key) }?.value
            } ?? routes(request)
    }

    /// The client of the request at `index` closed its connection before the answer went out.
    func abandoned(_ index: Int, at instant: ContinuousClock.Instant) {
        requests.modify { $0[index].abandonedAt = instant }
    }

    public func override(_ path: String, with response: StandInResponse?) {
        guard let response else { return overrides.withLock { $0[path] = nil } }
        override(path, answering: { _ in response })
    }

    /// Answers `path` with what `answer` makes of each request.
    public func override(_ path: String, answering answer: @escaping @Sendable (RecordedRequest) -> StandInResponse) {
        overrides.withLock { $0[path] = answer }
    }

    public func override(pathsUnder prefix: String, with response: StandInResponse?) {
        prefixOverrides.withLock { $0[prefix] = response }
    }

    public func clearOverrides() {
        overrides.withLock { $0 = [:] }
        prefixOverrides.withLock { $0 = [:] }
    }

    /// Serves this table over HTTP/1.1 on a free port of 127.0.0.1, on the stand-ins' own
    /// event loop (see `StandInThreads`).
    public func serve() async throws -> any Channel {
        try await ServerBootstrap(group: StandInThreads.eventLoops)
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

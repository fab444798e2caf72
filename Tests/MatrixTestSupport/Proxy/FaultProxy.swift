import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An HTTP proxy on 127.0.0.1 in front of a homeserver that passes every request through,
/// except `/sync` while a fault is switched on: then it answers 500, or never answers (the
/// client's deadline passes). It counts the `/sync` requests, so a test can tell backing off
/// from a tight loop. Use it through `withFaultProxy`, which always shuts it down.
public final class FaultProxy: Sendable {
    public enum SyncFault: Sendable, Equatable {
        case none
        /// Answer every /sync with this status and an M_UNKNOWN body.
        case status(Int)
        /// Read every /sync and never answer it.
        case hang
    }

    public let port: Int
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    private let channel: any Channel
    private let httpClient: HTTPClient
    private let faults: SyncFaultSwitch

    private init(channel: any Channel, httpClient: HTTPClient, faults: SyncFaultSwitch) {
        self.channel = channel
        self.httpClient = httpClient
        self.faults = faults
        port = channel.localAddress?.port ?? 0
    }

    /// What /sync requests get from now on.
    public var syncFault: SyncFault {
        get { faults.state.withLock { $0.fault } }
        set { faults.state.withLock { $0.fault = newValue } }
    }

    /// Every /sync request received so far, answered or not.
    public var syncRequests: Int { faults.state.withLock { $0.syncRequests } }

    fileprivate static func start(upstream: String) async throws -> FaultProxy {
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
        let faults = SyncFaultSwitch()
        do {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        try channel.pipeline.syncOperations.addHandler(
                            ProxyHandler(upstream: upstream, httpClient: httpClient, decide: faults.decide)
                        )
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            return FaultProxy(channel: channel, httpClient: httpClient, faults: faults)
        } catch {
            try? await httpClient.shutdown()
            throw error
        }
    }

    fileprivate func stop() async {
        try? await channel.close()
        try? await httpClient.shutdown()
    }
}

/// The switch the connections consult: the fault in force, and the /sync count.
final class SyncFaultSwitch: Sendable {
    struct State {
        var fault = FaultProxy.SyncFault.none
        var syncRequests = 0
    }

    let state = Mutex(State())

    /// Counts a /sync and decides what the request gets.
    @Sendable func decide(for uri: String) -> ProxyHandler.Decision {
        guard uri.hasPrefix("/_matrix/client/v3/sync") || uri.hasPrefix("/_matrix/client/r0/sync") else { return .forward }
        return state.withLock { state in
            state.syncRequests += 1
            switch state.fault {
            case .none: return .forward
            case .status(let code): return .answer(code)
            case .hang: return .hang
            }
        }
    }
}

/// Runs `body` with a fault proxy in front of `upstream` and shuts the proxy down after it,
/// whether it returns or throws.
public func withFaultProxy<Result>(to upstream: String, _ body: (FaultProxy) async throws -> Result) async throws -> Result {
    let proxy = try await FaultProxy.start(upstream: upstream)
    do {
        let result = try await body(proxy)
        await proxy.stop()
        return result
    } catch {
        await proxy.stop()
        throw error
    }
}

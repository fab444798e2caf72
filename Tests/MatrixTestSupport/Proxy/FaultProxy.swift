import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import TestServerSupport

/// An HTTP proxy on 127.0.0.1 in front of a homeserver that passes every request through,
/// except while a fault is switched on: `/sync` then gets a 500, or no answer at all (the
/// client's deadline passes); an event send gets Synapse's 429. It counts the `/sync` requests,
/// so a test can tell backing off from a tight loop, and records when each send arrived, so a
/// test can tell that a client waited as long as it was asked. Use it through
/// `withFaultProxy`, which always shuts it down.
public final class FaultProxy: Sendable {
    public enum SyncFault: Sendable, Equatable {
        case none
        /// Answer every /sync with this status and an M_UNKNOWN body.
        case status(Int)
        /// Read every /sync and never answer it.
        case hang
    }

    public enum SendFault: Sendable, Equatable {
        case none
        /// Answer the first request for each transaction id (`PUT …/send/{type}/{txnId}`) with
        /// 429 M_LIMIT_EXCEEDED, as Synapse words it; pass on the retries.
        case rateLimitFirstAttempts(retryAfterMilliseconds: Int)
        /// The same, with the wait written as given, unchecked: `Retry-After` (omitted when nil)
        /// and the body's `retry_after_ms` (raw JSON), as a hostile homeserver might write them.
        case rateLimitFirstAttemptsAsking(retryAfterHeader: String?, retryAfterMilliseconds: String)
    }

    public let port: Int
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    private let channel: any Channel
    private let httpClient: HTTPClient
    private let faults: ProxyFaults

    private init(channel: any Channel, httpClient: HTTPClient, faults: ProxyFaults) {
        self.channel = channel
        self.httpClient = httpClient
        self.faults = faults
        port = channel.localAddress?.port ?? 0
    }

    /// What /sync requests get from now on.
    public var syncFault: SyncFault {
        get { faults.state.withLock { $0.syncFault } }
        set { faults.state.withLock { $0.syncFault = newValue } }
    }

    /// What event sends get from now on.
    public var sendFault: SendFault {
        get { faults.state.withLock { $0.sendFault } }
        set { faults.state.withLock { $0.sendFault = newValue } }
    }

    /// Every /sync request received so far, answered or not.
    public var syncRequests: Int { faults.state.withLock { $0.syncRequests } }

    /// Every event send received so far, in order of arrival.
    public var sends: [ProxiedSend] { faults.state.withLock { $0.sends } }

    fileprivate static func start(upstream: String) async throws -> FaultProxy {
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
        let faults = ProxyFaults()
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

/// Runs `body` with a fault proxy in front of `upstream` and shuts the proxy down after it,
/// whether it returns or throws.
public func withFaultProxy<Result>(
    to upstream: String, _ body: (FaultProxy) async throws -> Result
) async throws -> Result {
    try await withCleanUp(try await FaultProxy.start(upstream: upstream), cleanUp: { await $0.stop() }, body)
}

import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A local stand-in for api.giphy.com: a real HTTP server on 127.0.0.1 that answers with real
/// recorded GIPHY responses. Tests point the bot's `giphy.base_url` at it, override single
/// routes to provoke errors, and read back the requests it received.
public final class GiphyStandIn: Sendable {
    public static let defaultAPIKey = "standin-test-key-0123456789"

    public let port: Int
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let channel: any Channel
    private let table: RouteTable
    private let mirror: MediaMirror
    /// A socket bound to `port` without listening, while `refuseConnections` holds the port.
    private let heldPort = Mutex<Int32?>(nil)

    private init(channel: any Channel, table: RouteTable, mirror: MediaMirror) {
        self.channel = channel
        self.port = channel.localAddress?.port ?? 0
        self.table = table
        self.mirror = mirror
    }

    /// Starts on a free port.
    public static func start(
        apiKey: String = defaultAPIKey,
        searchFixture: String = "react_api_search_2023.json",
        trendingFixture: String = "react_api_trending_2023.json",
        randomFixture: String = "relax_cats_bot_random_2023.json"
    ) async throws -> GiphyStandIn {
        let mirror = MediaMirror()
        let routes = GiphyRoutes(
            apiKey: apiKey, searchFixture: searchFixture,
            trendingFixture: trendingFixture, randomFixture: randomFixture, mirror: mirror)
        // The catalogue of every recorded GIF takes seconds to build on a loaded machine: build
        // it before the first test can ask, not inside a request a client is timing.
        try await StandInThreads.builders.runIfActive { _ = GifCatalog.shared.ids.count }
        let table = RouteTable { routes.respond(to: $0) }
        return GiphyStandIn(channel: try await table.serve(), table: table, mirror: mirror)
    }

    /// From now on the GIFs' renditions are served by the stand-in itself (see `MediaMirror`).
    public func serveMediaItself() {
        mirror.serve(at: baseURL)
    }

    /// Answers `path` with `response` from now on (until `clearOverrides`).
    public func override(_ path: String, with response: StandInResponse) {
        table.override(path, with: response)
    }

    /// Answers `path` with what `answer` makes of each request, from now on.
    public func override(_ path: String, answering answer: @escaping @Sendable (RecordedRequest) -> StandInResponse) {
        table.override(path, answering: answer)
    }

    /// Answers every path starting with `prefix` (and not overridden itself) with `response`.
    public func override(pathsUnder prefix: String, with response: StandInResponse) {
        table.override(pathsUnder: prefix, with: response)
    }

    public func clearOverrides() {
        table.clearOverrides()
    }

    /// Every request so far, oldest first.
    public var requests: [RecordedRequest] {
        table.requests.value
    }

    /// Waits until the requests so far satisfy `condition`; false when `timeout` passes first.
    public func waitForRequests(
        timeout: Duration = .seconds(20), _ condition: @escaping @Sendable ([RecordedRequest]) -> Bool
    ) async -> Bool {
        await table.requests.waitFor(timeout: timeout, condition)
    }

    public func requests(to path: String) -> [RecordedRequest] {
        requests.filter { $0.path == path }
    }

    /// Stops answering, as a GIPHY that cannot be reached: the listener closes and the port
    /// stays bound without listening, so every connection is refused at once. A port `stop`
    /// frees can be handed to the next server a parallel test starts, which would then answer
    /// in its place. `stop` releases it.
    public func refuseConnections() async throws {
        try await channel.close()
        heldPort.withLock { $0 = Self.bindWithoutListening(port: port) }
    }

    public func stop() async throws {
        heldPort.withLock { held in
            if let descriptor = held { close(descriptor) }
            held = nil
        }
        if channel.isActive { try await channel.close() }
    }

    /// A TCP socket bound to 127.0.0.1:`port` that never listens; nil when the port is taken.
    private static func bindWithoutListening(port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}

import GifBotCore
import Logging
import NIOCore
import Testing

@testable import Ops

/// Runs an ops server on a free loopback port for the duration of `body`, then stops it.
func withOpsServer(
    readiness: [any ReadinessReporting], limits: OpsLimits = OpsLimits(),
    _ body: (Int) async throws -> Void
) async throws {
    let (addresses, found) = AsyncStream.makeStream(of: SocketAddress.self)
    let routes = OpsRoutes(readiness: readiness, metrics: { Array("gifbot_up 1\n".utf8) })
    let server = OpsServer(
        host: "127.0.0.1", port: 0, routes: routes, limits: limits, logger: Logger(label: "test"),
        onListening: { found.yield($0) })
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await server.run() }
        var iterator = addresses.makeAsyncIterator()
        let port = try #require(await iterator.next()?.port)
        do {
            try await body(port)
        } catch {
            group.cancelAll()
            throw error
        }
        group.cancelAll()
    }
}

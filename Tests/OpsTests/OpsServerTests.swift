import AsyncHTTPClient
import GifBotCore
import Logging
import NIOCore
import NIOHTTP1
import Synchronization
import Testing

@testable import Ops

/// The server on a real socket, asked by a real HTTP client.
@Suite(.timeLimit(.minutes(1))) struct OpsServerTests {
    func withServer(readiness: [any ReadinessReporting], _ body: (Int) async throws -> Void) async throws {
        try await withOpsServer(readiness: readiness, body)
    }

    func get(_ url: String, method: HTTPMethod = .GET) async throws -> (status: UInt, body: String) {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            var request = HTTPClientRequest(url: url)
            request.method = method
            let response = try await client.execute(request, timeout: .seconds(5))
            let body = try await response.body.collect(upTo: 1 << 20)
            try await client.shutdown()
            return (response.status.code, String(buffer: body))
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    @Test func answersEachPathOverHTTP() async throws {
        try await withServer(readiness: [FixedReadiness(problem: "irc:libera: not connected")]) { port in
            let base = "http://127.0.0.1:\(port)"
            let health = try await get(base + "/healthz")
            #expect(health.status == 200 && health.body == "ok\n")
            let ready = try await get(base + "/readyz")
            #expect(ready.status == 503)
            #expect(ready.body.contains("irc:libera: not connected"))
            let metrics = try await get(base + "/metrics")
            #expect(metrics.status == 200 && metrics.body == "gifbot_up 1\n")
            #expect(try await get(base + "/nope").status == 404)
            #expect(try await get(base + "/readyz", method: .POST).status == 405)
            let head = try await get(base + "/healthz", method: .HEAD)
            #expect(head.status == 200 && head.body.isEmpty)
        }
    }

    @Test func aRefusedPortFailsTheRunWithAnError() async throws {
        try await withServer(readiness: []) { port in
            let second = OpsServer(
                host: "127.0.0.1", port: port, routes: OpsRoutes(readiness: [], metrics: { [] }),
                logger: Logger(label: "test"))
            await #expect(throws: (any Error).self) { try await second.run() }
        }
    }
}

import AsyncHTTPClient
import GifSources
import GiphyStandIn
import HTTPTransport
import Logging
import Synchronization
import Testing

@testable import Giphy

/// The rate-limit gate with a cool-down shared between instances (the database's, in the
/// executable; an in-memory one here, since the gate only asks and tells).
@Suite struct SharedCooldownTests {
    final class MemoryCooldown: RateLimitCooldownStore {
        let remaining = Mutex<Int?>(nil)
        let started = Mutex<[Int]>([])
        func remainingCooldownSeconds() async -> Int? { remaining.withLock { $0 } }
        func startCooldown(seconds: Int) async { started.withLock { $0.append(seconds) } }
    }

    func client(_ standIn: GiphyStandIn, shared: MemoryCooldown) -> GiphyClient {
        GiphyClient(
            configuration: GiphyClientConfiguration(
                baseURL: standIn.baseURL, apiKey: GiphyStandIn.defaultAPIKey, cacheTimeToLive: .zero,
                rateLimitCooldown: .seconds(60)),
            transport: AsyncHTTPRequestTransport(httpClient: HTTPClient.shared), sharedCooldown: shared,
            logger: Logger(label: "test"))
    }

    @Test func anotherInstancesCooldownKeepsThisOneAway() async throws {
        let standIn = try await GiphyStandIn.start()
        let shared = MemoryCooldown()
        let client = client(standIn, shared: shared)
        shared.remaining.withLock { $0 = 42 }
        await #expect(throws: GifSourceError.rateLimited(retryAfterSeconds: 42)) {
            try await client.search("cat", offset: 0, limit: 5, rating: .g)
        }
        shared.remaining.withLock { $0 = nil }
        await #expect(throws: GifSourceError.self) { try await client.search("cat", offset: 0, limit: 5, rating: .g) }
        #expect(standIn.requests(to: "/v1/gifs/search").isEmpty, "the cool-down is remembered once seen")
        try await standIn.stop()
    }

    @Test func aRateLimitHereStartsTheSharedCooldown() async throws {
        let standIn = try await GiphyStandIn.start()
        let shared = MemoryCooldown()
        let client = client(standIn, shared: shared)
        _ = try await client.search("cat", offset: 0, limit: 5, rating: .g)
        #expect(shared.started.withLock { $0 }.isEmpty)
        standIn.override("/v1/gifs/search", with: .fixture("errors/error_429_rate_limit_meta_2021.json", status: 429))
        await #expect(throws: GifSourceError.self) { try await client.search("dog", offset: 0, limit: 5, rating: .g) }
        #expect(shared.started.withLock { $0 } == [60])
        try await standIn.stop()
    }
}

import AsyncHTTPClient
import Foundation
import GifSources
import GiphyStandIn
import HTTPTransport
import NIOCore
import NIOHTTP1
import Testing

/// The shared transport and the media download path against real HTTP servers on 127.0.0.1:
/// one deadline for the whole exchange, and redirects followed only where allowed.
@Suite(.timeLimit(.minutes(2))) struct GuardedGetTests {
    /// The first server, and a second on another port that must never be asked.
    static func withTwoStandIns(_ body: (GiphyStandIn, GiphyStandIn, HTTPClient) async throws -> Void) async throws {
        let first = try await GiphyStandIn.start(), second = try await GiphyStandIn.start()
        let client = HTTPClient.gifBot()
        do {
            try await body(first, second, client)
        } catch {
            try? await client.shutdown()
            try? await first.stop()
            try? await second.stop()
            throw error
        }
        try await client.shutdown()
        try await first.stop()
        try await second.stop()
    }

    static let search = "/v1/gifs/search"
    static func searchURL(_ standIn: GiphyStandIn) -> String {
        "\(standIn.baseURL)\(search)?api_key=\(GiphyStandIn.defaultAPIKey)&q=cat"
    }

    @Test func aTrickledBodyEndsAtTheDeadlineNotWhenTheServerIsDone() async throws {
        try await Self.withTwoStandIns { standIn, _, client in
            standIn.override(
                Self.search,
                with: StandInResponse.fixture("react_api_search_2023.json").trickled(every: .milliseconds(200)))
            let started = ContinuousClock.now
            await #expect(throws: TransportFailure.timeout) {
                _ = try await AsyncHTTPRequestTransport(httpClient: client).get(
                    Self.searchURL(standIn), timeout: .seconds(1))
            }
            let elapsed = ContinuousClock.now - started
            // The trickled body alone would take minutes; the bound leaves a loaded machine room.
            #expect(elapsed < .seconds(6), "gave up after \(elapsed)")
            // The server saw the client leave at the deadline: the connection was closed, not left reading.
            #expect(await standIn.waitForRequests(timeout: .seconds(10)) { $0.first?.abandonedAt != nil })
            let waited = try #require(standIn.requests.first?.waitedBeforeGivingUp)
            #expect(waited > .milliseconds(800) && waited < .seconds(6), "left after \(waited)")
        }
    }

    @Test func aPromptAnswerWithinTheDeadlineIsUnchanged() async throws {
        try await Self.withTwoStandIns { standIn, _, client in
            let body = Array("{\"ok\":1}".utf8)
            standIn.override(Self.search, with: StandInResponse(body: body).trickled(every: .milliseconds(10)))
            let response = try await AsyncHTTPRequestTransport(httpClient: client).get(
                Self.searchURL(standIn), timeout: .seconds(5))
            #expect(response.status == 200 && response.body == body)
        }
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func anAPIRedirectToAnotherOriginIsNotFollowed(_ status: Int) async throws {
        try await Self.withTwoStandIns { standIn, elsewhere, client in
            standIn.override(Self.search, with: .redirect(to: Self.searchURL(elsewhere), status: status))
            let response = try await AsyncHTTPRequestTransport(httpClient: client).get(
                Self.searchURL(standIn), timeout: .seconds(5))
            #expect(response.status == status, "the redirect is the answer, which the source's client reads as trouble")
            #expect(standIn.requests(to: Self.search).count == 1)
            #expect(elsewhere.requests.isEmpty, "the other port was never asked")
        }
    }

    @Test func anAPIRedirectWithinTheOriginIsFollowed() async throws {
        try await Self.withTwoStandIns { standIn, elsewhere, client in
            standIn.override(
                Self.search, with: .redirect(to: "/v1/gifs/trending?api_key=\(GiphyStandIn.defaultAPIKey)"))
            let response = try await AsyncHTTPRequestTransport(httpClient: client).get(
                Self.searchURL(standIn), timeout: .seconds(5))
            #expect(response.status == 200)
            #expect(standIn.requests(to: "/v1/gifs/trending").count == 1)
            #expect(elsewhere.requests.isEmpty)
        }
    }

    @Test func aRedirectLoopEndsAfterThreeHops() async throws {
        try await Self.withTwoStandIns { standIn, _, client in
            standIn.override(Self.search, with: .redirect(to: Self.searchURL(standIn)))
            let response = try await AsyncHTTPRequestTransport(httpClient: client).get(
                Self.searchURL(standIn), timeout: .seconds(5))
            #expect(response.status == 302)
            #expect(standIn.requests(to: Self.search).count == GuardedGet.maximumRedirects + 1)
        }
    }

    @Test func aMediaRedirectFollowsOnlyToAllowedHostsAndNeverToAnotherPort() async throws {
        try await Self.withTwoStandIns { standIn, elsewhere, client in
            let policy = MediaHostPolicy(
                extraHosts: [try #require(MediaHost("http://127.0.0.1:\(standIn.port)"))], allowsPrivateAddresses: true)
            let get = GuardedGet(client: client, rule: MediaDestinationRule(policy: policy))
            standIn.override("/media/a/100.gif", with: .redirect(to: "/media/a/200.gif"))
            let followed = try await get.get(
                "\(standIn.baseURL)/media/a/100.gif", headers: [:], timeout: .seconds(5), maximumBodyBytes: 1 << 20)
            #expect(followed.response.status == .ok && followed.response.body.readableBytes == 200)

            standIn.override("/media/b/100.gif", with: .redirect(to: "\(elsewhere.baseURL)/media/b/100.gif"))
            let refused = try await get.get(
                "\(standIn.baseURL)/media/b/100.gif", headers: [:], timeout: .seconds(5), maximumBodyBytes: 1 << 20)
            #expect(refused.response.status == .found)
            #expect(refused.unfollowedRedirect?.contains("not allowed") == true)

            await #expect(throws: GuardedGet.Refused.self) {
                _ = try await get.get(
                    "http://localhost:\(elsewhere.port)/media/c/100.gif", headers: [:], timeout: .seconds(5),
                    maximumBodyBytes: 1 << 20)
            }
            #expect(elsewhere.requests.isEmpty, "the other port was never asked")
        }
    }

    @Test func aBodyInPartsArrivesWholeTheCallersAloneAndIntoTheirBufferWhenGiven() async throws {
        try await Self.withTwoStandIns { standIn, _, client in
            let sent = (0..<600_000).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 11) }
            standIn.override(
                "/media/big.gif",
                with: StandInResponse(
                    body: sent, contentType: "image/gif", trickle: .init(bytes: 64 * 1024, every: .milliseconds(1))))
            let response = try await client.completeExchange(
                url: "\(standIn.baseURL)/media/big.gif", deadline: .now + .seconds(5), maximumBodyBytes: 1 << 20)
            #expect(response.status == .ok)
            var body = (consume response).body
            #expect(Array(body.readableBytesView) == sent)
            // A buffer shared with anything else would be copied before the write: its address moves.
            let before = body.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
            let after = body.withUnsafeMutableReadableBytes { bytes in
                bytes[0] ^= 0xFF
                return UInt(bitPattern: bytes.baseAddress)
            }
            #expect(before == after, "the body was shared, so changing it copied it")

            // Given back for the next exchange, the same memory holds the next body.
            let next = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 3) }
            standIn.override("/media/next.gif", with: StandInResponse(body: next, contentType: "image/gif"))
            let reused = try await client.completeExchange(
                url: "\(standIn.baseURL)/media/next.gif", deadline: .now + .seconds(5), maximumBodyBytes: 1 << 20,
                bodyInto: consume body)
            #expect(Array(reused.body.readableBytesView) == next)
            #expect(reused.body.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) } == before)
        }
    }

    @Test func privateAddressesAreRefusedBeforeAnythingIsSent() async throws {
        try await Self.withTwoStandIns { standIn, _, client in
            let policy = MediaHostPolicy(extraHosts: [try #require(MediaHost("http://127.0.0.1:\(standIn.port)"))])
            let get = GuardedGet(client: client, rule: MediaDestinationRule(policy: policy))
            await #expect(throws: GuardedGet.Refused.self) {
                _ = try await get.get(
                    "\(standIn.baseURL)/media/a/100.gif", headers: [:], timeout: .seconds(5), maximumBodyBytes: 1 << 20)
            }
            #expect(standIn.requests.isEmpty)
        }
    }

    @Test func theSharedClientFollowsNoRedirectByItself() async throws {
        try await Self.withTwoStandIns { standIn, elsewhere, client in
            standIn.override("/moved", with: .redirect(to: "\(elsewhere.baseURL)/v1/gifs/trending"))
            let response = try await client.execute(
                HTTPClientRequest(url: "\(standIn.baseURL)/moved"), timeout: .seconds(5))
            _ = try await response.body.collect(upTo: 1 << 16)
            #expect(response.status == .found)
            #expect(elsewhere.requests.isEmpty)
        }
    }
}

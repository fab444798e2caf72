import Foundation
import GifBotCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import GifBotWeb

/// The gallery's per-client limits on its routes: in-process for the responses, and over a real
/// loopback socket for who the client is (the peer, or what a trusted proxy forwarded).
@Suite struct GalleryRateLimitTests {
    let store = InMemoryWebStore()
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    func withGallery(
        _ limits: WebRequestLimits, _ test: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await withGallery(limits, live: false, test)
    }

    /// Over a real loopback socket: the peer is 127.0.0.1.
    func withLiveGallery(
        _ limits: WebRequestLimits, _ test: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await withGallery(limits, live: true, test)
    }

    private func withGallery(
        _ limits: WebRequestLimits, live: Bool, _ test: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let settings = WebSettings(port: 8080, baseURL: "https://gifs.example.org", limits: limits)
        let gallery = WebGallery(
            settings: settings, access: WebAccess(store: store, settings: settings), favorites: store,
            commandPrefix: "!", logger: Logger(label: "test"))
        try await Application(router: gallery.router()).test(live ? .live : .router) { try await test($0) }
    }

    func signIn(_ client: any TestClientProtocol, from address: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let address { headers[Self.forwardedFor] = address }
        return try await client.execute(
            uri: "/login", method: .post, headers: headers, body: ByteBuffer(string: "token=v1.forged.token"))
    }

    @Test func signInsPastTheLimitGetA429WithRetryAfterAndTheUsualHeaders() async throws {
        // `async throws` spelled out: a closure with a `for` of `#expect(try …)` is not inferred as throwing.
        // One a minute: a token comes back only after 60 s, far beyond any slow test run.
        let limits = WebRequestLimits(requestsPerMinute: 100, loginsPerMinute: 1)
        try await withGallery(limits) { client async throws in
            #expect(try await signIn(client).status == .forbidden, "a forged link is refused")
            let limited = try await signIn(client)
            #expect(limited.status == .tooManyRequests)
            // 60 s less what has passed since the first (the exact figure is the bucket's, tested
            // with a given clock in RequestLimitTests).
            let retryAfter = try #require(limited.headers[.retryAfter].flatMap { Int($0) })
            #expect((1...60).contains(retryAfter))
            #expect(limited.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            #expect(String(buffer: limited.body).contains("Too many requests"))
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status != .tooManyRequests, "pages have a limit of their own")
        }
    }

    @Test func everyRequestCountsAndZeroTurnsALimitOff() async throws {
        try await withGallery(.init(requestsPerMinute: 1, loginsPerMinute: 0)) { client async throws in
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/assets/gallery.css", method: .get).status == .tooManyRequests)
        }
        try await withGallery(.init(requestsPerMinute: 0, loginsPerMinute: 0)) { client async throws in
            for _ in 0..<30 { #expect(try await signIn(client).status == .forbidden) }
        }
    }

    /// Over loopback the peer is 127.0.0.1, a trusted proxy by default: the forwarded address is
    /// the client, so two people behind one nginx have a limit each.
    @Test func behindATrustedProxyEachForwardedClientHasItsOwnLimit() async throws {
        try await withLiveGallery(.init(requestsPerMinute: 100, loginsPerMinute: 1)) { client async throws in
            #expect(try await signIn(client, from: "198.51.100.7").status == .forbidden)
            #expect(try await signIn(client, from: "198.51.100.7").status == .tooManyRequests)
            #expect(try await signIn(client, from: "198.51.100.8").status == .forbidden, "another client")
            #expect(
                try await signIn(client, from: "203.0.113.1, 198.51.100.7").status == .tooManyRequests,
                "what the client itself wrote further left changes nothing")
        }
    }

    /// Issue 31, item 11: one IPv6 subscriber has a whole /64 to pick addresses from, so the
    /// /64 is the client; the next /64 is someone else.
    @Test func ipv6ClientsAreCountedByTheirSlash64() async throws {
        try await withLiveGallery(.init(requestsPerMinute: 100, loginsPerMinute: 1)) { client async throws in
            #expect(try await signIn(client, from: "2001:db8:1:2::1").status == .forbidden)
            #expect(
                try await signIn(client, from: "2001:db8:1:2:ffff:ffff:ffff:9").status == .tooManyRequests,
                "another address of the same /64")
            #expect(try await signIn(client, from: "2001:db8:1:3::1").status == .forbidden, "another /64")
        }
    }

    /// A peer that is not a trusted proxy is the client, whatever it forwards.
    @Test func anUntrustedPeerCannotChooseItsAddress() async throws {
        let elsewhere = try #require(TrustedProxies(["10.0.0.0/8"]))
        let limits = WebRequestLimits(requestsPerMinute: 100, loginsPerMinute: 1, trustedProxies: elsewhere)
        try await withLiveGallery(limits) { client async throws in
            #expect(try await signIn(client, from: "198.51.100.7").status == .forbidden)
            #expect(try await signIn(client, from: "198.51.100.8").status == .tooManyRequests, "still 127.0.0.1")
        }
    }
}

import Foundation
import Testing

@testable import GifBotWeb

/// The gallery's per-client limits as values: the token bucket, its bounded memory, and who the
/// client is behind trusted proxies.
@Suite struct RequestLimitTests {
    @Test func aClientGetsItsBurstThenWaitsForTheBucketToRefill() {
        let limiter = RequestRateLimiter(perMinute: 6)
        let start = ContinuousClock.now
        for _ in 0..<6 { #expect(limiter.admit("a", now: start) == .allowed) }
        #expect(limiter.admit("a", now: start) == .limited(retryAfter: 10), "one token every 10 s")
        #expect(limiter.admit("b", now: start) == .allowed, "another client has its own bucket")
        #expect(limiter.admit("a", now: start + .seconds(4)) == .limited(retryAfter: 6))
        #expect(limiter.admit("a", now: start + .seconds(10)) == .allowed)
        #expect(limiter.admit("a", now: start + .seconds(10)) == .limited(retryAfter: 10))
        #expect(limiter.admit("a", now: start + .seconds(600)) == .allowed, "refilled, never past the burst")
        for _ in 0..<5 { _ = limiter.admit("a", now: start + .seconds(600)) }
        #expect(limiter.admit("a", now: start + .seconds(600)) == .limited(retryAfter: 10))
    }

    @Test func aFloodOfAddressesKeepsBoundedBucketsAndDropsIdleOnesFirst() {
        let limiter = RequestRateLimiter(perMinute: 60, maximumClients: 3)
        let start = ContinuousClock.now
        for _ in 0..<60 { _ = limiter.admit("busy", now: start) }
        _ = limiter.admit("idle-1", now: start)
        _ = limiter.admit("idle-2", now: start)
        #expect(limiter.trackedClients == 3)
        // A minute on, the idle buckets are full again: a newcomer drops them, not "busy".
        for _ in 0..<59 { _ = limiter.admit("busy", now: start + .seconds(59)) }
        _ = limiter.admit("new", now: start + .seconds(60))
        #expect(limiter.trackedClients == 2)
        #expect(limiter.admit("busy", now: start + .seconds(60)) == .allowed, "one token came back in a second")
        #expect(limiter.admit("busy", now: start + .seconds(60)) != .allowed, "its nearly empty bucket was kept")
        for index in 0..<50 { _ = limiter.admit("flood-\(index)", now: start + .seconds(60)) }
        #expect(limiter.trackedClients <= 3)
    }

    @Test func theClientIsThePeerUnlessATrustedProxyNamesIt() throws {
        let loopback = TrustedProxies.loopback
        let nginx = IPAddressBytes("127.0.0.1"), stranger = IPAddressBytes("198.51.100.20")
        #expect(loopback.client(peer: stranger, forwardedFor: ["198.51.100.1"]) == "198.51.100.20", "not trusted")
        #expect(loopback.client(peer: nginx, forwardedFor: []) == "127.0.0.1")
        #expect(loopback.client(peer: nginx, forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
        #expect(
            loopback.client(peer: nginx, forwardedFor: ["203.0.113.9, 198.51.100.1", "127.0.0.1"]) == "198.51.100.1",
            "the rightmost untrusted hop; what the client wrote further left is not believed")
        #expect(loopback.client(peer: nginx, forwardedFor: ["198.51.100.1, junk"]) == "127.0.0.1", "a bad hop ends it")
        #expect(loopback.client(peer: nil, forwardedFor: ["198.51.100.1"]) == "unknown")
        #expect(
            loopback.client(peer: IPAddressBytes("::ffff:127.0.0.1"), forwardedFor: ["2001:db8::5"])
                == "2001:db8:0:0::/64", "an IPv6 client is its /64")

        let cluster = try #require(TrustedProxies(["10.0.0.0/8", "fd00::/8"]))
        #expect(cluster.client(peer: IPAddressBytes("10.1.2.3"), forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
        #expect(cluster.client(peer: IPAddressBytes("11.1.2.3"), forwardedFor: ["198.51.100.1"]) == "11.1.2.3")
        #expect(cluster.client(peer: IPAddressBytes("fd12::1"), forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
        #expect(cluster.client(peer: IPAddressBytes("127.0.0.1"), forwardedFor: ["198.51.100.1"]) == "127.0.0.1")
        for bad in [["10.0.0.0/33"], ["gateway"], ["10.0.0.0/x"], ["::1/129"]] {
            #expect(TrustedProxies(bad) == nil, "\(bad)")
        }
    }
}

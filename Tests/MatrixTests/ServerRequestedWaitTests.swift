import Foundation
import NIOHTTP1
import Testing

@testable import Matrix

/// A homeserver's `Retry-After` and `retry_after_ms` are read without trusting them (issue 20:
/// `Retry-After: 1e300` trapped on conversion; `retry_after_ms: 9e18` parked every reply).
@Suite struct ServerRequestedWaitTests {
    @Test(arguments: [
        ("1", Duration.seconds(1)), ("1.5", .milliseconds(1_500)), (" 2 ", .seconds(2)), ("0", .zero),
        ("1e300", ServerRequestedWait.ceiling), ("9223372036854775807", ServerRequestedWait.ceiling),
        ("86400", ServerRequestedWait.ceiling),
    ])
    func headerSecondsAreReadAndBounded(header: String, expected: Duration) {
        #expect(ServerRequestedWait.fromHeader(header) == expected)
    }

    @Test(arguments: ["NaN", "inf", "-inf", "-5", "", "soon", "Wed, 21 Oct 2015 07:28:00 GMT"])
    func headerValuesThatAreNoWaitAreIgnored(header: String) {
        #expect(ServerRequestedWait.fromHeader(header) == nil)
    }

    @Test func bodyMillisecondsAreBounded() {
        #expect(ServerRequestedWait.fromMilliseconds(250) == .milliseconds(250))
        #expect(ServerRequestedWait.fromMilliseconds(9_000_000_000_000_000_000) == ServerRequestedWait.ceiling)
        #expect(ServerRequestedWait.fromMilliseconds(Int.max) == ServerRequestedWait.ceiling)
        #expect(ServerRequestedWait.fromMilliseconds(-1) == nil)
        #expect(ServerRequestedWait.fromMilliseconds(Int.min) == nil)
    }

    @Test func aWaitAboveTheCapIsCutToItAndSaysSo() {
        #expect(ServerRequestedWait.capped(.seconds(10), at: .seconds(120)) == (.seconds(10), false))
        #expect(ServerRequestedWait.capped(ServerRequestedWait.ceiling, at: .seconds(120)) == (.seconds(120), true))
    }

    @Test func aHostileBodyGivesABoundedRateLimitError() throws {
        let response = MatrixHTTP.Response(
            status: 429, headers: ["Retry-After": "1e300"],
            body: Data(#"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":9000000000000000000}"#.utf8))
        guard case .api(429, "M_LIMIT_EXCEEDED", _, let wait?, _) = MatrixHTTP.error(from: response) else {
            Issue.record("not read as a rate limit")
            return
        }
        #expect(wait == ServerRequestedWait.ceiling)
    }
}

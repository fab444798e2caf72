import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Testing

@testable import HTTPListening

#if canImport(Glibc)
import Glibc
#endif

/// The `Date` header the listeners write on every answer (`ListenerService`, `HTTPDate`).
@Suite(.timeLimit(.minutes(1))) struct HTTPDateTests {
    @Test func formatsAsRFC9110Says() {
        #expect(HTTPDate.format(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(secondsSince1970: 1_798_761_599) == "Thu, 31 Dec 2026 23:59:59 GMT")
    }

    @Test func theOpsEndpointsAnswersCarryTheTimeOfTheAnswer() async throws {
        try await withOpsServer(readiness: []) { port in
            let before = time(nil)
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(port)/healthz"), timeout: .seconds(5))
            _ = try await response.body.collect(upTo: 1024)
            let after = time(nil)
            let date = try #require(response.headers["date"].first)
            #expect((before...after).map { HTTPDate.format(secondsSince1970: $0) }.contains(date))
        }
    }
}

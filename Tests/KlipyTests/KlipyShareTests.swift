import AsyncHTTPClient
import GifSources
import GiphyStandIn
import HTTPTransport
import KlipyStandIn
import Logging
import Testing

@testable import Klipy

/// The share trigger over real HTTP against the KLIPY stand-in: `POST gifs/share/{slug}` with
/// `customer_id` and `q` in a JSON body, counted and logged as any call, the key never logged.
@Suite(.timeLimit(.minutes(1))) struct KlipyShareTests {
    func withClient(_ body: (KlipyStandIn, KlipyClient, LogCapture) async throws -> Void) async throws {
        let standIn = try await KlipyStandIn.start()
        let logs = LogCapture()
        let client = KlipyClient(
            configuration: KlipyClientConfiguration(baseURL: standIn.baseURL, appKey: standIn.appKey),
            transport: AsyncHTTPRequestTransport(httpClient: HTTPClient.shared), logger: logs.logger())
        do {
            try await body(standIn, client, logs)
        } catch {
            try? await standIn.stop()
            throw error
        }
        try await standIn.stop()
    }

    @Test func aShareIsAPostWithTheCustomerAndTheSearch() async throws {
        try await withClient { standIn, client, logs in
            let customer = try #require(KlipyCustomerIDDeriver(secret: Array(repeating: 9, count: 32)))
                .customerID(network: "libera", userID: "alice")
            try await client.share(slug: "adios-16", query: "bye now", customer: customer)
            try await client.share(slug: "adios-16", query: "bye now", customer: customer)
            #expect(
                standIn.shares
                    == Array(
                        repeating: KlipyShareCall(
                            method: "POST", slug: "adios-16", customerID: customer.value, query: "bye now"), count: 2),
                "never cached: each post is its own share")
            #expect(client.counter.calls(to: "share") == 2)
            #expect(logs.text.contains("endpoint=share") && !logs.text.contains(standIn.appKey))
        }
    }

    @Test func withoutACustomerTheBodyHasOnlyTheSearch() async throws {
        try await withClient { standIn, client, _ in
            try await client.share(slug: "adios-16", query: "", customer: nil)
            let body = try #require(standIn.requests(to: "gifs/share/adios-16").first?.body)
            #expect(String(decoding: body, as: UTF8.self) == #"{"q":""}"#)
        }
    }

    @Test(arguments: [
        (KlipyFault.serverError(), GifSourceError.unavailable), (.resultFalse, .unavailable),
        (.unauthorized, .invalidKey),
    ])
    func aFailedShareThrowsTheSourceError(fault: KlipyFault, expected: GifSourceError) async throws {
        try await withClient { standIn, client, _ in
            standIn.failShares(with: fault)
            await #expect(throws: expected) { try await client.share(slug: "adios-16", query: "q", customer: nil) }
            let page = try await client.search("hello", perPage: 8, rating: .g)
            #expect(!page.gifs.isEmpty, "only shares fail")
        }
    }
}

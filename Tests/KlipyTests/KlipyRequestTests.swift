import Foundation
import GifSourceClient
import GifSources
import HTTPTransport
import Testing

@testable import Klipy

/// URLs, redaction and classification: pure, no I/O.
@Suite struct KlipyRequestTests {
    let configuration = KlipyClientConfiguration(appKey: "secret-app-key-42/x", locale: "us")

    @Test func searchURLCarriesTheKeyInThePathAndEveryDocumentedParameter() {
        let endpoint = KlipyEndpoint.search(
            "cats & dogs", page: 2, perPage: 3, filter: .medium, customerID: "abc", locale: "us")
        let url = configuration.url(for: endpoint, includingKey: true)
        #expect(
            url
                == "https://api.klipy.com/api/v1/secret-app-key-42%2Fx/gifs/search?q=cats%20%26%20dogs&page=2&per_page=8"
                + "&customer_id=abc&locale=us&content_filter=medium&format_filter=gif%2Cmp4")
    }

    @Test func trendingAllowsSmallPagesButNotHugeOnes() {
        #expect(
            KlipyEndpoint.trending(page: 0, perPage: 1, filter: .high, customerID: nil, locale: nil).pathAndQuery
                == "gifs/trending?page=1&per_page=1&content_filter=high&format_filter=gif%2Cmp4")
        #expect(
            KlipyEndpoint.trending(page: 1, perPage: 500, filter: .off, customerID: nil, locale: nil).pathAndQuery
                .contains("per_page=50&"))
    }

    @Test func userTextCannotAddPathSegments() {
        #expect(
            KlipyEndpoint.autocomplete("../../x?y#z", limit: 99).pathAndQuery
                == "autocomplete/..%2F..%2Fx%3Fy%23z?limit=50")
        #expect(
            KlipyEndpoint.searchSuggestions("héllo", limit: 0).pathAndQuery == "search-suggestions/h%C3%A9llo?limit=1")
        #expect(KlipyEndpoint.items(slugs: ["a-1", "b-2"]).pathAndQuery == "gifs/items?slugs=a-1%2Cb-2")
        #expect(KlipyEndpoint.categories(locale: "en_US").pathAndQuery == "gifs/categories?locale=en_US")
    }

    @Test func loggedURLsNeverHoldTheKey() {
        let endpoint = KlipyEndpoint.trending(page: 1, perPage: 8, filter: .high, customerID: nil, locale: nil)
        let logged = configuration.url(for: endpoint, includingKey: false)
        #expect(logged.hasPrefix("https://api.klipy.com/api/v1/REDACTED/gifs/trending?"))
        #expect(!logged.contains("secret-app-key"))
    }

    @Test(arguments: [
        "GET https://api.klipy.com/api/v1/secret-app-key-42%2Fx/gifs/search?q=a failed",
        "connect to http://10.0.0.1:8080/api/v1/some-other-key/gifs/trending: refused",
        "the key secret-app-key-42/x appeared in an error",
    ])
    func redactionRemovesKeysFromAnyText(text: String) {
        let redacted = KlipyRedaction.redact(text, appKey: "secret-app-key-42/x")
        #expect(!redacted.contains("secret-app-key"))
        #expect(!redacted.contains("some-other-key"))
        #expect(redacted.contains("REDACTED"))
    }

    @Test func redactionLeavesTextWithoutAKeyAlone() {
        #expect(KlipyRedaction.redact("cats are nice", appKey: "abc") == "cats are nice")
        #expect(
            KlipyRedaction.redact("https://static.klipy.com/ii/a.gif", appKey: "secret-app-key")
                == "https://static.klipy.com/ii/a.gif")
    }

    func classify(_ status: Int, _ body: String, lookup: Bool = false) -> GifSourceError? {
        do {
            _ = try KlipyResponseClassifier.classify(
                HTTPTransportResponse(status: status, body: Array(body.utf8)),
                rateLimitCooldownSeconds: 60, lookup: lookup)
            return nil
        } catch {
            return error as? GifSourceError
        }
    }

    @Test func classificationFollowsTheStatusAndTheEnvelope() {
        #expect(classify(200, #"{"result":true,"data":{"data":[]}}"#) == nil)
        #expect(classify(429, "") == .rateLimited(retryAfterSeconds: 60))
        #expect(classify(429, #"{"result":true,"data":[]}"#) == .rateLimited(retryAfterSeconds: 60))
        #expect(classify(401, #"{"result":false,"message":"invalid api key"}"#) == .invalidKey)
        #expect(classify(403, "Forbidden") == .invalidKey)
        #expect(classify(404, "", lookup: true) == .notFound)
        #expect(classify(404, "") == .unavailable)
        #expect(classify(422, "{}") == .badRequest)
        #expect(classify(500, "<html>") == .unavailable)
        #expect(classify(503, "") == .unavailable)
        #expect(classify(200, "<html>not json</html>") == .unavailable)
        #expect(classify(200, #"{"result":false}"#) == .unavailable)
        #expect(classify(200, #"{"result":true}"#) == .unavailable)
        #expect(classify(200, #"{"data":{"data":[]}}"#) == .unavailable)
    }

    @Test func onlyErrorsThatSayThisSourceCannotAnswerFallThrough() {
        #expect(GifSourceError.rateLimited(retryAfterSeconds: 1).shouldFallBack)
        #expect(GifSourceError.invalidKey.shouldFallBack && GifSourceError.timeout.shouldFallBack)
        #expect(GifSourceError.unavailable.shouldFallBack && GifSourceError.networkUnreachable.shouldFallBack)
        #expect(!GifSourceError.notFound.shouldFallBack && !GifSourceError.badRequest.shouldFallBack)
    }
}

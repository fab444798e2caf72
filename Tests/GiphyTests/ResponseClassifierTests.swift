import GifSources
import GiphyStandIn
import HTTPTransport
import Testing

@testable import Giphy

/// Both families of real error bodies map to the typed errors users see.
@Suite struct ResponseClassifierTests {
    @Test(arguments: [
        ("errors/error_401_unauthorized_meta_2022.json", 401, GifSourceError.invalidKey),
        ("errors/error_403_forbidden_legacy_2014.json", 403, GifSourceError.invalidKey),
        ("errors/error_invalid_auth_message_2018.json", 403, GifSourceError.invalidKey),
        ("workgenius_error_invalid_auth_message_only.json", 403, GifSourceError.invalidKey),
        ("errors/error_429_rate_limit_meta_2021.json", 429, GifSourceError.rateLimited(retryAfterSeconds: 60)),
        ("errors/error_rate_limit_message_2019.json", 429, GifSourceError.rateLimited(retryAfterSeconds: 60)),
        ("jiphy_error_rate_limit_message_only.json", 200, GifSourceError.rateLimited(retryAfterSeconds: 60)),
        ("errors/synthetic_empty_200_2019.json", 200, GifSourceError.unavailable),
    ])
    func recordedErrorBodies(_ name: String, status: Int, expected: GifSourceError) {
        let response = HTTPTransportResponse(status: status, body: Fixtures.bytes(name))
        #expect(throws: expected) { try ResponseClassifier.classify(response, rateLimitCooldownSeconds: 60) }
    }

    @Test func serverErrorsAndGarbageMeanGiphyIsFailing() {
        for (status, body) in [(500, "{}"), (502, "<html>Bad gateway</html>"), (200, "{\"data\": [")] {
            let response = HTTPTransportResponse(status: status, body: Array(body.utf8))
            #expect(throws: GifSourceError.unavailable) {
                try ResponseClassifier.classify(response, rateLimitCooldownSeconds: 60)
            }
        }
    }

    @Test func notFoundAndBadRequest() {
        #expect(throws: GifSourceError.notFound) {
            try ResponseClassifier.classify(
                HTTPTransportResponse(status: 404, body: Array("{}".utf8)), rateLimitCooldownSeconds: 60)
        }
        #expect(throws: GifSourceError.badRequest) {
            try ResponseClassifier.classify(HTTPTransportResponse(status: 414, body: []), rateLimitCooldownSeconds: 60)
        }
    }

    @Test func aRealSearchPasses() throws {
        let body = Fixtures.bytes("react_api_search_2023.json")
        #expect(
            try ResponseClassifier.classify(
                HTTPTransportResponse(status: 200, body: body), rateLimitCooldownSeconds: 60)
                == body)
    }
}

import AsyncHTTPClient
import GifSources
import GiphyStandIn
import HTTPTransport
import KlipyStandIn
import Logging
import NIOCore
import Testing

@testable import Klipy

/// The real client over real HTTP against the local KLIPY stand-in.
@Suite(.timeLimit(.minutes(1))) struct KlipyClientTests {
    let standIn: KlipyStandIn
    let logs = LogCapture()

    init() async throws {
        standIn = try await KlipyStandIn.start()
    }

    /// Runs a test body and stops the stand-in afterwards, also when the body throws.
    func stopping(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            try? await standIn.stop()
            throw error
        }
        try await standIn.stop()
    }

    func client(appKey: String? = nil, timeout: Duration = .seconds(5), locale: String? = "us") -> KlipyClient {
        KlipyClient(
            configuration: KlipyClientConfiguration(
                baseURL: standIn.baseURL, appKey: appKey ?? standIn.appKey, locale: locale,
                timeout: timeout, rateLimitCooldown: .seconds(42)),
            transport: AsyncHTTPRequestTransport(httpClient: HTTPClient.shared),
            logger: logs.logger())
    }

    @Test func searchSendsTheDocumentedParametersAndSkipsTheAd() async throws {
        try await stopping {
            let customer = try #require(KlipyCustomerIDDeriver(secret: Array(repeating: 7, count: 32)))
                .customerID(network: "libera", userID: "alice")
            let page = try await client().search("hello", page: 1, perPage: 8, rating: .pg, customer: customer)
            #expect(page.gifs.count == 8)
            #expect(page.skippedItems == 1)
            #expect(page.hasNext && page.page == 1 && page.perPage == 8)
            #expect(page.gifs.first?.slug == "adios-16")
            #expect(page.gifs.map(\.id).contains("9766205533870732"))
            let request = try #require(standIn.requests(to: "gifs/search").first)
            #expect(request.query["q"] == "hello")
            #expect(request.query["content_filter"] == "medium")
            #expect(request.query["customer_id"] == customer.value)
            #expect(request.query["locale"] == "us")
            #expect(request.query["format_filter"] == "gif,mp4")
            #expect(request.query["per_page"] == "8")
            #expect(request.query["page"] == "1")
        }
    }

    @Test func pagesRunUntilHasNextIsFalse() async throws {
        try await stopping {
            let client = client()
            var slugs: [String] = []
            var page = 1
            while true {
                let result = try await client.search("cat", page: page, perPage: 12, rating: .g)
                slugs += result.gifs.map(\.slug)
                guard result.hasNext else { break }
                page += 1
            }
            #expect(page == 3)
            #expect(slugs.count == 30)
            #expect(Set(slugs).count == 30)
        }
    }

    @Test func trendingClampsTinyPageSizesForSearchOnly() async throws {
        try await stopping {
            let trending = try await client().trending(perPage: 2, rating: .r)
            #expect(trending.gifs.map(\.id) == ["1779858253329584", "9978405610248812"])
            #expect(standIn.requests(to: "gifs/trending").first?.query["content_filter"] == "off")
            _ = try await client().search("x", perPage: 2, rating: .g)
            #expect(standIn.requests(to: "gifs/search").first?.query["per_page"] == "8")
        }
    }

    @Test func singleItemIsLookedUpBySlug() async throws {
        try await stopping {
            let gif = try await client().gif(slug: "piglet-winnie-the-pooh-9")
            #expect(gif.id == "9978405610248812")
            #expect(standIn.requests(to: "gifs/items").first?.query["slugs"] == "piglet-winnie-the-pooh-9")
            await #expect(throws: GifSourceError.notFound) { try await client().gif(slug: "no-such-gif") }
            standIn.override("gifs/items", with: StandInResponse(status: 404, json: #"{"result":false}"#))
            await #expect(throws: GifSourceError.notFound) { try await client().gif(slug: "piglet-winnie-the-pooh-9") }
        }
    }

    @Test func gifsServedByTheStandInCanBeDownloaded() async throws {
        try await stopping {
            standIn.override(
                "gifs/search",
                with: standIn.pageServedHere([(slug: "cat-1", bytes: 5000), (slug: "cat-2", bytes: 900)]))
            let page = try await client().search("cat", perPage: 8, rating: .g)
            #expect(page.gifs.map(\.slug) == ["cat-1", "cat-2"])
            let rendition = try #require(page.gifs.first?.bestGIF(maximumBytes: 4000))
            #expect(rendition.sizeClass == .sm && rendition.byteSize == 1250)
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: rendition.url), timeout: .seconds(5))
            let body = try await response.body.collect(upTo: 1 << 20)
            #expect(body.readableBytes == 1250)
            #expect(body.getString(at: 0, length: 6) == "GIF89a")
        }
    }

    @Test func termsAndCategories() async throws {
        try await stopping {
            let completions = try await client().autocomplete("ca")
            let suggestions = try await client().searchSuggestions("dog", limit: 3)
            let categories = try await client().categories()
            #expect(completions == ["ca", "ca funny", "ca love"])
            #expect(suggestions == ["dog", "dog funny", "dog love"])
            #expect(categories.first?.query == "smile")
            #expect(standIn.requests(to: "autocomplete/ca").first?.query["limit"] == "10")
            #expect(standIn.requests(to: "gifs/categories").first?.query["locale"] == "us")
        }
    }

    @Test(arguments: [
        (KlipyFault.rateLimited, GifSourceError.rateLimited(retryAfterSeconds: 42)),
        (.unauthorized, .invalidKey),
        (.serverError(status: 500), .unavailable),
        (.serverError(status: 503), .unavailable),
        (.garbage, .unavailable),
        (.resultFalse, .unavailable),
    ])
    func faultsAreClassified(fault: KlipyFault, expected: GifSourceError) async throws {
        try await stopping {
            standIn.fail(with: fault)
            await #expect(throws: expected) { try await client().search("cat", perPage: 8, rating: .g) }
            await #expect(throws: expected) { try await client().trending(perPage: 8, rating: .g) }
            standIn.fail(with: nil)
            let recovered = try await client().trending(perPage: 8, rating: .g)
            #expect(!recovered.gifs.isEmpty)
        }
    }

    @Test func aSlowAnswerIsATimeout() async throws {
        try await stopping {
            // Far apart, so a loaded machine still tells the client's deadline from the answer.
            standIn.fail(with: .slow(.seconds(20)))
            let started = ContinuousClock.now
            await #expect(throws: GifSourceError.timeout) {
                try await client(timeout: .milliseconds(300)).trending(perPage: 8, rating: .g)
            }
            #expect(ContinuousClock.now - started < .seconds(15))
        }
    }

    @Test func noKeyMeansNoCall() async throws {
        try await stopping {
            await #expect(throws: GifSourceError.invalidKey) {
                try await client(appKey: "").search("cat", perPage: 8, rating: .g)
            }
            #expect(standIn.requests.isEmpty)
        }
    }

    @Test func aWrongKeyIsReportedAndNeverLogged() async throws {
        try await stopping {
            let secret = "super-secret-wrong-klipy-key-42"
            await #expect(throws: GifSourceError.invalidKey) {
                try await client(appKey: secret).search("cat", perPage: 8, rating: .g)
            }
            #expect(standIn.requests.count == 1)
            #expect(standIn.requests.first?.path.contains(secret) == true)  // it did travel, in the path
            #expect(logs.text.contains("outcome=invalid_key"))
            #expect(logs.text.contains("/api/v1/REDACTED/gifs/search"))
            #expect(!logs.text.contains(secret))
            #expect(!logs.text.contains(standIn.appKey))
            #expect(!String(describing: GifSourceError.invalidKey).contains(secret))
        }
    }

    @Test func successfulCallsAreLoggedWithoutTheKey() async throws {
        try await stopping {
            _ = try await client().trending(perPage: 8, rating: .g)
            _ = try await client().autocomplete("c")
            #expect(logs.text.contains("outcome=ok"))
            #expect(!logs.text.contains(standIn.appKey))
        }
    }
}

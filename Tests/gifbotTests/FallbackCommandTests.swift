import Giphy
import GiphyStandIn
import Klipy
import KlipyStandIn
import Prometheus
import Testing

@testable import GifBotApp
@testable import gifbot

/// `gifs.sources: [giphy, klipy]`: GIPHY serves while it can; when it is rate-limited, failing,
/// slow or has no key, the user still gets a GIF, from KLIPY, and the reply says so.
@Suite(.timeLimit(.minutes(2))) struct FallbackCommandTests {
    enum GiphyFailure: String, CaseIterable, Sendable {
        case rateLimited, serverError, timeout, noKey

        func apply(to harness: KlipyConsoleHarness) -> [String: String] {
            let search = "/v1/gifs/search"
            switch self {
            case .rateLimited:
                harness.giphy.override(
                    search, with: .fixture("errors/error_429_rate_limit_meta_2021.json", status: 429))
                return [:]
            case .serverError:
                harness.giphy.override(search, with: StandInResponse(status: 500, json: "{}"))
                return [:]
            case .timeout:
                harness.giphy.override(search, with: .fixture("react_api_search_2023.json", delay: .seconds(3)))
                return ["GIPHY_TIMEOUT": "0.5"]
            case .noKey:
                return ["GIPHY_API_KEY": ""]
            }
        }
    }

    @Test(arguments: GiphyFailure.allCases)
    func theUserStillGetsAGifFromKlipy(_ failure: GiphyFailure) async throws {
        try await withKlipyConsole(sources: "giphy,klipy") { harness in
            let environment = failure.apply(to: harness)
            let output = try await harness.say(["!gif cat", "!more", "!fav", "!favs"], environment: environment)
            #expect(gifID(output[0]).hasPrefix("klipy:"), "\(output[0])")
            #expect(output[0].hasSuffix(" (via KLIPY)"))
            #expect(
                gifID(output[1]).hasPrefix("klipy:") && gifID(output[1]) != gifID(output[0]), "!more stays on KLIPY")
            #expect(
                output[2].hasPrefix("Saved ") && output[2].contains("(\(gifID(output[1])))"),
                "the last GIF shown is saved")
            #expect(gifID(output[4]) == gifID(output[1]))
            #expect(harness.klipy.requests(to: "gifs/search").count == 1)
        }
    }

    @Test func aRateLimitedGiphyIsSkippedUntilItsCooldownEnds() async throws {
        try await withKlipyConsole(sources: "giphy,klipy") { harness in
            let runtime = try await harness.runtime()
            harness.giphy.override(
                "/v1/gifs/search", with: .fixture("errors/error_429_rate_limit_meta_2021.json", status: 429))
            let output = try await harness.say(["!gif cat", "!gif dog", "!trending"], runtime: runtime)
            #expect(output.allSatisfy { $0.hasSuffix(" (via KLIPY)") }, "\(output)")
            #expect(
                harness.giphy.requests(to: "/v1/gifs/search").count == 1,
                "GIPHY's gate is closed: it is not asked again")
            #expect(harness.giphy.requests(to: "/v1/trending").isEmpty)
            #expect(await runtime.giphyClient?.coolingDown() != nil)
            #expect(await runtime.klipyClient?.coolingDown() == nil, "KLIPY's gate is its own and stays open")
            let metrics = OpsHTTP.Answer(status: 200, body: runtime.metrics.registry.emitToString())
            #expect(
                metrics.metric(#"gifbot_giphy_calls_total{endpoint="search",outcome="rate_limited",source="giphy"}"#)
                    == 1)
            #expect(metrics.metric(#"gifbot_klipy_calls_total{endpoint="search",outcome="ok",source="klipy"}"#) == 2)
            #expect(metrics.metric(#"gifbot_klipy_calls_total{endpoint="trending",outcome="ok",source="klipy"}"#) == 1)
            #expect(harness.klipy.requests(to: "gifs/search").count == 2)
        }
    }

    @Test func aHealthyGiphyServesAndIsNotNamed() async throws {
        try await withKlipyConsole(sources: "giphy,klipy") { harness in
            let output = try await harness.say(["!gif batman", "!help", "!random"])
            #expect(gifID(output[0]) == "l0NwGpoOVLTAyUJSo" && !output[0].contains("via"))
            #expect(output[1].hasSuffix("Powered by GIPHY. Powered by KLIPY."))
            #expect(!output[2].contains("via") && !output[2].hasPrefix("That is not available"))
            #expect(harness.klipy.requests.isEmpty)
        }
    }

    @Test func whenBothFailTheFirstSourcesErrorIsTheAnswer() async throws {
        try await withKlipyConsole(sources: "giphy,klipy") { harness in
            harness.giphy.override("/v1/gifs/search", with: StandInResponse(status: 500, json: "{}"))
            harness.klipy.fail(with: .serverError())
            let output = try await harness.say(["!gif cat"])
            #expect(output == ["GIPHY is having trouble right now; try again in a minute."])
        }
    }

    @Test func aSearchThatLosesItsSourceStartsOverOnTheNext() async throws {
        try await withKlipyConsole(sources: "giphy,klipy") { harness in
            let runtime = try await harness.runtime()
            let first = try await harness.say(["!gif batman"], runtime: runtime)
            #expect(!gifID(first[0]).hasPrefix("klipy:"))
            harness.giphy.override("/v1/gifs/search", with: StandInResponse(status: 500, json: "{}"))
            // Far enough on that the next !more needs GIPHY's next page.
            let more = try await harness.say(Array(repeating: "!more", count: 25), runtime: runtime)
            let fromKlipy = more.filter { $0.hasSuffix(" (via KLIPY)") }
            #expect(!fromKlipy.isEmpty, "\(more)")
            #expect(Set(more.map(gifID)).count == more.count, "no GIF is shown twice")
        }
    }

    @Test func existingBareFavoritesStayGiphysBesideKlipyOnes() async throws {
        try await withKlipyConsole(sources: "giphy,klipy") { harness in
            // Saved while GIPHY was the only source: a bare id, as every favorite before sources.
            let before = try await harness.console.say(["!fav l0NwGpoOVLTAyUJSo"])
            #expect(before[0].contains("(l0NwGpoOVLTAyUJSo)"))
            harness.giphy.override("/v1/gifs/search", with: StandInResponse(status: 500, json: "{}"))
            let output = try await harness.say([
                "!gif cat", "!fav", "!favs", "!info l0NwGpoOVLTAyUJSo", "!unfav l0NwGpoOVLTAyUJSo", "!favs",
            ])
            let klipyID = gifID(output[0])
            #expect(output[2] == "Your favorites (2, page 1/1, newest first):")
            #expect(gifID(output[3]) == klipyID && gifID(output[4]) == "l0NwGpoOVLTAyUJSo")
            #expect(output[5].hasPrefix("\"Ben Affleck Rain GIF") && !output[5].contains("via"))
            #expect(output[6].hasPrefix("Removed ") && output[6].contains("(l0NwGpoOVLTAyUJSo)"))
            #expect(gifID(output[8]) == klipyID)
        }
    }
}

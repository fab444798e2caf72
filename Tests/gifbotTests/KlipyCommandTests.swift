import GiphyStandIn
import KlipyStandIn
import Testing

@testable import GifBotApp
@testable import gifbot

/// The core commands with `gifs.sources: [klipy]`: KLIPY alone serves, named nowhere but in the
/// attribution, and GIPHY is never asked.
@Suite(.timeLimit(.minutes(2))) struct KlipyCommandTests {
    @Test func searchPagingListsAndTrending() async throws {
        try await withKlipyConsole(sources: "klipy") { harness in
            let output = try await harness.say(["!gif cat", "!more", "!gifs cat", "!trending"])
            let first = gifID(output[0]), second = gifID(output[1])
            #expect(first.hasPrefix("klipy:") && second.hasPrefix("klipy:") && first != second)
            #expect(
                output[0].contains(") https://") && !output[0].contains("via"),
                "the only source is not named: \(output[0])")
            #expect(output[2].hasPrefix("1. ") && output[3].hasPrefix("2. ") && output[4].hasPrefix("3. "))
            #expect(gifID(output[5]).hasPrefix("klipy:"))
            #expect(output.count == 6)
            let searches = harness.klipy.requests(to: "gifs/search")
            #expect(searches.count == 1, "!more and !gifs are served from the cached page")
            let search = try #require(searches.first)
            #expect(search.query["content_filter"] == "high", "the channel's g maps to KLIPY's strictest filter")
            let customer = try #require(search.query["customer_id"])
            #expect(customer.count == 32 && !customer.contains("alice"), "a keyed hash, never the nick")
            #expect(harness.giphy.requests.isEmpty)
        }
    }

    @Test func favoritesAndInfoCarryTheSource() async throws {
        try await withKlipyConsole(sources: "klipy") { harness in
            let shown = try await harness.say(["!gif cat"])
            let id = gifID(shown[0])
            let output = try await harness.say([
                "!gif cat", "!fav", "!info", "!favs", "!unfav \(id)", "!fav \(id)", "!unfav 1", "!favs",
            ])
            #expect(output[1].hasPrefix("Saved ") && output[1].contains("(\(id))"))
            #expect(output[2].contains("(\(id))") && output[2].contains("rated G"))
            #expect(output[3] == "Your favorites (1, page 1/1, newest first):")
            #expect(gifID(output[4]) == id)
            #expect(output[5].hasPrefix("Removed ") && output[5].contains("(\(id))"))
            // By id the GIF is looked up (unrated: KLIPY items carry none), so a g channel refuses it.
            #expect(output[6] == "That GIF is rated above what this channel allows (g).")
            #expect(output[7] == "You have no favorites to remove.")
            #expect(harness.klipy.requests(to: "gifs/items").count == 1)
        }
    }

    @Test func aLookupByIdWorksWhereTheLimitAllowsUnratedGifs() async throws {
        try await withKlipyConsole(sources: "klipy") { harness in
            let id = gifID(try await harness.say(["!gif cat"])[0])
            let output = try await harness.say(
                ["!fav \(id)", "!info \(id)", "!favs"], environment: ["GIPHY_RATING": "pg-13"])
            #expect(output[0].hasPrefix("Saved ") && output[0].contains("(\(id))"))
            #expect(output[1].hasPrefix("\"") && output[1].contains("(\(id))") && output[1].contains("unrated"))
            #expect(gifID(output[3]) == id)
        }
    }

    @Test func helpAboutAndWhatKlipyCannotDo() async throws {
        try await withKlipyConsole(sources: "klipy") { harness in
            let output = try await harness.say([
                "!help", "!about", "!random", "!translate hello", "!trends", "!suggest cat", "!info nosuchgif",
                "!help gif",
            ])
            #expect(output[0].hasSuffix("Powered by KLIPY."))
            #expect(output[1].hasSuffix("Powered by KLIPY."))
            #expect(output[2] == "That is not available with KLIPY.")
            #expect(output[3] == "That is not available with KLIPY.")
            #expect(output[4].hasPrefix("Trending searches: "))
            #expect(output[5] == "Suggestions for \"cat\": cat, cat funny, cat love")
            #expect(output[6] == "That GIF is from GIPHY, which this bot does not use.")
            #expect(output[7].hasPrefix("Search KLIPY: !gif <query>"))
            #expect(harness.giphy.requests.isEmpty)
        }
    }

    @Test func aWrongKeyIsExplainedWithoutShowingIt() async throws {
        try await withKlipyConsole(sources: "klipy") { harness in
            let output = try await harness.say(["!gif cat"], environment: ["KLIPY_APP_KEY": "wrong-klipy-key-1234"])
            #expect(output == ["KLIPY refused this bot's key; an operator needs to check klipy.app_key."])
            #expect(!harness.logs.text.contains("wrong-klipy-key-1234"))
        }
    }
}

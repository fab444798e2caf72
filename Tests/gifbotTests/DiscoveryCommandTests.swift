import GiphyStandIn
import Testing

@testable import GifBotApp
@testable import gifbot

/// `!random`, `!translate`, `!trending`, `!trends`, `!suggest`, `!related`.
@Suite struct DiscoveryCommandTests {
    @Test func randomIsPersonalisedWithAStoredRandomID() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!random", "!random cats"])
            try #require(output.count > 0)
            #expect(output.map(gifID) == ["bDL3BsB4ViI2k", "bDL3BsB4ViI2k"])
            #expect(output[0].hasPrefix("Cat Drinking GIF (bDL3BsB4ViI2k) https://media0.giphy.com/"))
            #expect(harness.standIn.requests(to: "/v1/randomid").count == 1)
            let randoms = harness.standIn.requests(to: "/v1/gifs/random")
            #expect(
                randoms.map { $0.query["random_id"] } == [
                    "3640f6095c9a1f0f4e544b764d238b25", "3640f6095c9a1f0f4e544b764d238b25",
                ])
            #expect(randoms.map { $0.query["tag"] } == [nil, "cats"])
            #expect(randoms.allSatisfy { $0.query["rating"] == "g" })
        }
    }

    @Test func unratedRandomGifsAreNotPostedWhereOnlyGIsAllowed() async throws {
        try await withConsole { harness in
            harness.standIn.override("/v1/gifs/random", with: .fixture("giphy_get_random.json"))
            let output = try await harness.say(["!random"])
            #expect(output == ["No random GIF suitable for this channel's rating (g) turned up; try again."])
            #expect(harness.standIn.requests(to: "/v1/gifs/random").count == 3)
            let relaxed = try await harness.say(["!random"], environment: ["GIPHY_RATING": "pg-13"])
            try #require(relaxed.count > 0)
            #expect(relaxed.count == 1 && relaxed[0].contains("https://"))
        }
    }

    @Test func translate() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!translate so thirsty"])
            #expect(output.map(gifID) == ["bDL3BsB4ViI2k"])
            #expect(harness.standIn.requests(to: "/v1/gifs/translate").first?.query["s"] == "so thirsty")
            harness.standIn.override(
                "/v1/gifs/translate",
                with: StandInResponse(json: #"{"data":[],"meta":{"status":200,"msg":"OK","response_id":"r1"}}"#))
            let nothing = try await harness.say(["!translate zzqx"])
            #expect(nothing == ["GIPHY has no GIF for \"zzqx\"."])
        }
    }

    @Test func trending() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!trending", "!trending 3", "!trending 9", "!trending x"])
            try #require(output.count > 5)
            #expect(gifID(output[0]) == "5EjYHxXlIWPn7UCQig")
            #expect(output[1].hasPrefix("1. Regular Season Football GIF by NFL (5EjYHxXlIWPn7UCQig)"))
            #expect(output[2].hasPrefix("2. Happy Birthday Dancing GIF by Alba Paris (dZ8nmFzPpqAb2RGYYC)"))
            #expect(output[3].hasPrefix("3. "))
            #expect(output[4] == "Usage: !trending [n]: the top trending GIF, or the top n (at most 5)")
            #expect(output[5] == output[4])
            #expect(output.count == 6)
            #expect(
                harness.standIn.requests(to: "/v1/gifs/trending").count == 1, "the second list comes from the cache")
        }
    }

    @Test func trendsSuggestAndRelated() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!trends", "!suggest ca", "!related cat", "!suggest", "!related"])
            try #require(output.count > 4)
            #expect(output[0].hasPrefix("Trending searches: "))
            #expect(output[0].hasSuffix("(try !gif <term>)"))
            #expect(output[0].split(separator: ",").count == 10)
            #expect(output[1] == "Suggestions for \"ca\": cas, ca funny, ca love")
            #expect(output[2] == "Related to \"cat\": cat cute, cat reaction")
            #expect(output[3].hasPrefix("Usage: !suggest <prefix>"))
            #expect(output[4].hasPrefix("Usage: !related <term>"))
        }
    }

    @Test func termsFromGiphyCannotInjectLines() async throws {
        try await withConsole { harness in
            harness.standIn.override(
                "/v1/trending/searches",
                with: StandInResponse(
                    json:
                        #"{"data":["cats\r\nPRIVMSG #x :pwned","\u0002bold\u0002","","cats"],"meta":{"status":200,"msg":"OK","response_id":"r"}}"#
                ))
            let output = try await harness.say(["!trends"])
            #expect(output == ["Trending searches: cats PRIVMSG #x :pwned, bold, cats (try !gif <term>)"])
        }
    }
}

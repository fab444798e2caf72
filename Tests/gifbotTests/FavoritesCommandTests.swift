import GiphyStandIn
import Testing

@testable import GifBotApp
@testable import gifbot

/// `!fav`, `!unfav`, `!favs`: per user, newest first, limited, kept across restarts.
@Suite struct FavoritesCommandTests {
    let first = "l0NwGpoOVLTAyUJSo"
    let second = "l396BoOTIFem9xqQU"

    @Test func favTheLastGifAndListItAfterARestart() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!fav", "!gif batman", "!fav", "!fav", "!favs"])
            try #require(output.count > 5)
            #expect(output[0] == "No GIF shown to you here yet: search with !gif first, or use !fav <id>.")
            #expect(
                output[2]
                    == "Saved \"Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice\" (\(first)) to your favorites (1/20)."
            )
            #expect(
                output[3]
                    == "\"Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice\" (\(first)) is already one of your favorites."
            )
            #expect(output[4] == "Your favorites (1, page 1/1, newest first):")
            #expect(
                output[5].hasPrefix(
                    "1. Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice (\(first)) https://media0.giphy.com/"
                ))
            #expect(output.count == 6)

            let afterRestart = try await harness.say(["!favs"])
            #expect(afterRestart == Array(output[4...5]))
        }
    }

    @Test func favByIdNewestFirstAndUnfavByNumberOrId() async throws {
        try await withConsole { harness in
            let output = try await harness.say([
                "!fav \(first)", "!fav \(second)", "!favs", "!unfav 1", "!unfav \(first)", "!unfav 1", "!unfav nope",
                "!favs",
            ])
            try #require(output.count > 9)
            #expect(output[2] == "Your favorites (2, page 1/1, newest first):")
            #expect(gifID(output[3]) == second)
            #expect(gifID(output[4]) == first)
            #expect(output[5] == "Removed \"Tim Burton Film GIF by Tech Noir\" (\(second)) from your favorites.")
            #expect(output[6].hasPrefix("Removed \"Ben Affleck Rain GIF"))
            #expect(output[7] == "You have no favorites to remove.")
            #expect(output[8] == "\"nope\" is not one of your favorites.")
            #expect(output[9] == "You have no favorites yet: after a GIF, say !fav to keep it (or !fav <id>).")
        }
    }

    @Test func theLimitRefusesAndStoresNothing() async throws {
        try await withConsole { harness in
            let output = try await harness.say(
                ["!fav \(first)", "!fav \(second)", "!fav C7RCCFdaixA3u", "!favs"],
                environment: ["BOT_FAVORITES_LIMIT": "2"])
            try #require(output.count == 6)
            #expect(output[1].hasSuffix("to your favorites (2/2)."))
            #expect(output[2] == "Your favorites are full (2/2); remove one with !unfav <id or number> first.")
            #expect(output[3] == "Your favorites (2, page 1/1, newest first):")
        }
    }

    @Test func gifsAboveTheRatingCannotBeSaved() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!fav 4UJyRK2TXNhgk"])
            #expect(output == ["That GIF is rated above what this channel allows (g)."])
        }
    }
}

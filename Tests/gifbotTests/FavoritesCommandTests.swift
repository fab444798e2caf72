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

    @Test func otherUsersFavoritesAndPaging() async throws {
        try await withConsole { harness in
            let runtime = try await harness.runtime()
            _ = try await harness.say(
                ["!gif batman", "!fav"] + Array(repeating: ["!more", "!fav"], count: 6).flatMap { $0 }, as: "Alice",
                runtime: runtime)
            let bob = try await harness.say(
                ["!favs alice", "!favs ALICE 2", "!favs alice 3", "!favs", "!favs carol"], as: "bob", runtime: runtime)
            try #require(bob.count > 12)
            #expect(bob[0] == "alice's favorites (7, page 1/2, newest first):")
            #expect(bob[1].hasPrefix("1. "))
            #expect(bob[5].hasPrefix("5. "))
            #expect(bob[6] == "More: !favs alice 2")
            #expect(bob[7] == "ALICE's favorites (7, page 2/2, newest first):")
            #expect(bob[8].hasPrefix("6. "))
            #expect(bob[9].hasPrefix("7. ") && bob[9].contains(first))
            #expect(bob[10] == "There is no page 3: alice's favorites fill 2 pages.")
            #expect(bob[11] == "You have no favorites yet: after a GIF, say !fav to keep it (or !fav <id>).")
            #expect(bob[12] == "carol has no favorites yet.")
        }
    }

    @Test func idsAreCheckedBeforeAnyCall() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!fav ../../etc/passwd", "!fav doesNotExist", "!fav a b"])
            #expect(
                output == [
                    "\"../../etc/passwd\" is not a GIPHY id.",
                    "GIPHY has no GIF with that id.",
                    "Usage: !fav [id]: save a GIF to your favorites (default: the last one you were shown)",
                ])
            #expect(harness.standIn.requests.map(\.path) == ["/v1/gifs/doesNotExist"])
        }
    }

    @Test func gifsAboveTheRatingCannotBeSaved() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!fav 4UJyRK2TXNhgk"])
            #expect(output == ["That GIF is rated above what this channel allows (g)."])
        }
    }
}

import Foundation
import GiphyStandIn
import Testing

@testable import GifBotApp
@testable import gifbot

/// `!gif`, `!more`, `!gifs` end to end through the console against the GIPHY stand-in.
@Suite struct SearchCommandTests {
    @Test func gifNamesTitleIdAndTheDownsizedLink() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!gif batman"])
            #expect(
                output == [
                    "Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice (l0NwGpoOVLTAyUJSo) https://media0.giphy.com/media/l0NwGpoOVLTAyUJSo/giphy-downsized.gif?cid=9c0c14d2u97f5uuqxa8xitmppjlxqwwqr5onlcthid79if4z&ep=v1_gifs_search&rid=giphy-downsized.gif&ct=g"
                ])
        }
    }

    @Test func repeatedSearchAndMoreWalkResultsSkippingThoseAboveTheRating() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!gif batman", "!gif Batman", "!more", "!next"])
            #expect(
                output.map(gifID) == ["l0NwGpoOVLTAyUJSo", "l396BoOTIFem9xqQU", "qrIlvM63x7x9IjrHw1", "C7RCCFdaixA3u"],
                "4UJyRK2TXNhgk is rated pg and the bot's limit is g")
        }
    }

    @Test func pagingThroughAPageCostsOneCall() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!gif cat"] + Array(repeating: "!more", count: 19))
            #expect(Set(output.map(gifID)).count == 20)
            #expect(harness.standIn.requests(to: "/v1/gifs/search").count == 1)
            #expect(harness.standIn.requests(to: "/v1/gifs/search").first?.query["limit"] == "25")
        }
    }

    @Test func theEndOfTheResultsIsSaid() async throws {
        try await withConsole { harness in
            let output = try await harness.say(
                ["!gif cat"] + Array(repeating: "!more", count: 50), environment: ["GIPHY_RATING": "pg"])
            #expect(Set(output.prefix(50).map(gifID)).count == 50)
            #expect(output.last == "That was the last result for \"cat\"; try another search.")
            #expect(harness.standIn.requests(to: "/v1/gifs/search").map { $0.query["offset"] } == ["0", "25"])
        }
    }

    @Test func gifsListsTheTopThree() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!gifs batman", "!fav"])
            try #require(output.count == 4)
            #expect(output[0].hasPrefix("1. Ben Affleck Rain GIF"))
            #expect(output[1].hasPrefix("2. Tim Burton Film GIF"))
            #expect(output[2].hasPrefix("3. The Flash Batman GIF"))
            #expect(output[3] == "Which one? Use !fav <id> with an id from the list.")
        }
    }

    @Test func noResults() async throws {
        try await withConsole { harness in
            harness.standIn.override("/v1/gifs/search", with: .fixture("errors/search_no_results_2021.json"))
            let output = try await harness.say(["!gif qwxyzzy", "!gifs qwxyzzy"])
            #expect(
                output == [
                    "No GIFs found for \"qwxyzzy\".", "No GIFs found for \"qwxyzzy\".",
                ])
        }
    }
}

/// The GIF id in a console line "Title (id) https://…".
func gifID(_ line: String) -> String {
    guard let close = line.range(of: ") https://", options: .backwards),
        let open = line[..<close.lowerBound].lastIndex(of: "(")
    else { return line }
    return String(line[line.index(after: open)..<close.lowerBound])
}

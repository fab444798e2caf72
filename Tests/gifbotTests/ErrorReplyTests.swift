import Foundation
import GiphyStandIn
import Storage
import Testing

@testable import GifBotApp
@testable import gifbot

/// Every GIPHY failure becomes a short reply that says what to do, never the key or a body.
@Suite struct ErrorReplyTests {
    @Test func aWrongKeyIsExplainedWithoutShowingIt() async throws {
        try await withConsole { harness in
            let secret = "wrong-key-7f3a9c"
            let output = try await harness.say(["!gif cat", "!trends"], environment: ["GIPHY_API_KEY": secret])
            #expect(
                output
                    == Array(
                        repeating: "GIPHY refused this bot's API key; an operator needs to check giphy.api_key.",
                        count: 2))
            #expect(!harness.logs.text.contains(secret))
            #expect(harness.logs.text.contains("api_key=REDACTED"))
        }
    }

    @Test func rateLimitedThenCoolingDown() async throws {
        try await withConsole { harness in
            let runtime = try await harness.runtime()
            _ = try await harness.say(["!gif cat"], runtime: runtime)
            harness.standIn.override(
                "/v1/gifs/search", with: .fixture("errors/error_429_rate_limit_meta_2021.json", status: 429))
            let output = try await harness.say(["!gif dog", "!trends", "!more"], runtime: runtime)
            try #require(output.count > 2)
            #expect(output[0] == "GIPHY's rate limit for this bot is used up; try again in about 60 s.")
            #expect(output[1].hasPrefix("GIPHY's rate limit for this bot is used up; try again in about "))
            #expect(gifID(output[2]) == "l396BoOTIFem9xqQU", "paging on goes on from the cache")
            #expect(harness.standIn.requests(to: "/v1/trending/searches").isEmpty)
        }
    }

    // Each way GIPHY fails, answered in time by a process that carries on: GiphyFaultTests.

    @Test func tooLongQueriesAreRefusedLocally() async throws {
        try await withConsole { harness in
            let query = String(repeating: "ab ", count: 20)
            let output = try await harness.say(["!gif \(query)", "!suggest \(query)"])
            #expect(output == Array(repeating: "That is too long for GIPHY: at most 50 characters, please.", count: 2))
            #expect(harness.standIn.requests.isEmpty)
        }
    }

    @Test func aBrokenStoreIsAShortReplyNotACrash() async throws {
        try await withConsole { harness in
            let runtime = try await harness.runtime()
            try await runtime.store.close()
            let output = try await harness.say(["!favs", "!about"], runtime: runtime)
            try #require(output.count > 1)
            #expect(output[0] == "Sorry, something went wrong on my side; please try again later.")
            #expect(output[1].hasPrefix("GifBot"))
        }
    }
}

/// Flooding and garbage.
@Suite struct AbuseTests {
    @Test func cooldownWarnsOnceThenStaysSilent() async throws {
        try await withConsole { harness in
            let output = try await harness.say(
                Array(repeating: "!about", count: 8),
                environment: ["BOT_COOLDOWN_COMMANDS": "5", "BOT_COOLDOWN_SECONDS": "30"])
            try #require(output.count == 6)
            #expect(output.prefix(5).allSatisfy { $0.hasPrefix("GifBot") })
            #expect(output[5].hasPrefix("(notice) You're sending commands too fast; I'll listen again in "))
        }
    }

    @Test func malformedLinesNeverCrashAndNeverLoseFavorites() async throws {
        try await withConsole { harness in
            let runtime = try await harness.runtime()
            _ = try await harness.say(["!fav l0NwGpoOVLTAyUJSo"], runtime: runtime)
            var generator = SystemRandomNumberGenerator()
            var lines = [
                String(repeating: "!gif ", count: 20_000),
                "!gif " + String(repeating: "🐈", count: 5_000),
                "!fav \u{0}\u{1}\u{7f}", "!unfav -1", "!unfav 99999999999999999999999", "!favs x 0", "!favs 0",
                "!trending -3", "!info \u{202E}abc", "!gif \u{0}", "\u{FEFF}!gif", "!gif\r\n!fav",
                String(decoding: [0xFF, 0xFE, 0x21, 0x67, 0x69, 0x66, 0x20, 0xC3] as [UInt8], as: UTF8.self),
            ]
            for _ in 0..<200 {
                let length = Int.random(in: 0..<80, using: &generator)
                let scalars = (0..<length).compactMap { _ in
                    Unicode.Scalar(UInt32.random(in: 0..<0x3000, using: &generator))
                }
                lines.append("!" + String(String.UnicodeScalarView(scalars)))
            }
            let output = try await harness.say(lines, runtime: runtime)
            #expect(output.allSatisfy { !$0.contains("\n") && !$0.contains("\r") && !$0.contains("\u{0}") })
            let favorites = try await harness.say(["!favs"], runtime: runtime)
            try #require(favorites.count > 1)
            #expect(favorites.count == 2 && favorites[1].contains("l0NwGpoOVLTAyUJSo"))
        }
    }
}

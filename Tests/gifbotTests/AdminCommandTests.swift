import GiphyStandIn
import Testing

@testable import GifBotApp
@testable import gifbot

/// `!rating`, `!cooldown`, `!undo` through the console.
@Suite struct AdminCommandTests {
    @Test func adminsLowerAChannelsRatingAndItSurvivesARestart() async throws {
        try await withConsole { harness in
            let environment = ["GIPHY_RATING": "pg-13", "BOT_ADMINS": "root, Carol"]
            let alice = try await harness.say(
                ["!rating", "!rating g", "!gif batman"], as: "alice", environment: environment)
            try #require(alice.count > 1)
            #expect(alice[0] == "In this channel I post GIFs rated at most pg-13 (the bot's maximum is pg-13).")
            #expect(alice[1] == "Only bot admins can change this channel's settings.")
            let carol = try await harness.say(["!rating r", "!rating g"], as: "carol", environment: environment)
            #expect(
                carol == [
                    "This bot never posts above pg-13; choose g, pg, pg-13.",
                    "From now on I post GIFs rated at most g in this channel.",
                ])
            let later = try await harness.say(
                ["!rating", "!gif batman", "!more", "!more", "!more"], as: "alice", environment: environment)
            try #require(later.count > 0)
            #expect(later[0] == "In this channel I post GIFs rated at most g (the bot's maximum is pg-13).")
            #expect(!later.contains { $0.contains("(4UJyRK2TXNhgk)") }, "the pg GIF is skipped in a g channel")
            #expect(harness.standIn.requests(to: "/v1/gifs/search").last?.query["rating"] == "g")
            let otherChannel = try await harness.say(["!rating"], as: "alice", in: "#other", environment: environment)
            #expect(otherChannel == ["In this channel I post GIFs rated at most pg-13 (the bot's maximum is pg-13)."])
        }
    }

    @Test func adminsSetAChannelsCooldown() async throws {
        try await withConsole { harness in
            let environment = ["BOT_ADMINS": "carol", "BOT_COOLDOWN_COMMANDS": "5"]
            let runtime = try await harness.runtime(environment)
            let carol = try await harness.say(
                ["!cooldown", "!cooldown 3 60", "!cooldown"], as: "carol", runtime: runtime)
            #expect(
                carol == [
                    "Here each user may send 5 commands per 30 s.",
                    "From now on each user may send 3 commands per 60 s in this channel.",
                    "Here each user may send 3 commands per 60 s.",
                ])
            let alice = try await harness.say(
                ["!about", "!about", "!about", "!cooldown 0 10", "!about"], as: "alice", runtime: runtime)
            try #require(alice.count == 4)
            #expect(alice[3].hasPrefix("(notice) You're sending commands too fast"))
        }
    }

    @Test func undoIsNotPossibleInTheConsole() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!undo"])
            #expect(output == ["Messages can't be deleted here once they are sent."])
        }
    }
}

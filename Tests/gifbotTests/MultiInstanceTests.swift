import Foundation
import GiphyStandIn
import Testing

@testable import GifBotApp
@testable import GifBotCore
@testable import gifbot

/// Several instances on one PostgreSQL database: what one writes, the others see.
@Suite(.timeLimit(.minutes(3))) struct MultiInstanceTests {
    static let ids = [
        "l0HlyLQsbvhciAuKA", "l0IylOPCNkiqOgMyA", "3o7buiO0t8uLXHBDXO", "EKDIMDsRX3ihy",
        "UIKUeFj40vTP2", "l46Cc0Ped9R0uiTkY", "5xaOcLDE64VMF4LqqrK", "l49JIgBhX4X6hyCGY",
    ]

    @Test func aFavoriteSavedThroughOneInstanceIsListedThroughTheOther() async throws {
        try await withConsole(engine: "postgres") { harness in
            let environment = harness.environment()
            let first = try harness.launch(["console", "--user", "alice"], environment: environment)
            let second = try harness.launch(["console", "--user", "alice"], environment: environment)
            first.write("!fav C7RCCFdaixA3u\n")
            #expect(await first.waitForOutput { $0.contains("Saved ") })
            second.write("!favs\n")
            #expect(await second.waitForOutput { $0.contains("(C7RCCFdaixA3u)") })
            first.closeInput()
            second.closeInput()
            #expect(await first.finish().status == 0)
            let listed = await second.finish()
            #expect(listed.stdoutLines.first == "Your favorites (1, page 1/1, newest first):")
        }
    }

    @Test func concurrentFavsOnTwoInstancesNeverExceedTheLimit() async throws {
        try await withConsole(engine: "postgres") { harness in
            let environment = harness.environment(["BOT_FAVORITES_LIMIT": "3"])
            let firstInput = Self.ids[0..<4].map { "!fav \($0)\n" }.joined()
            let secondInput = Self.ids[4..<8].map { "!fav \($0)\n" }.joined()
            async let first = harness.run(["console", "--user", "alice"], environment: environment, input: firstInput)
            async let second = harness.run(
                ["console", "--user", "alice"], environment: environment, input: secondInput)
            let results = try await [first, second]
            let replies = results.flatMap(\.stdoutLines)
            #expect(results.allSatisfy { $0.status == 0 })
            #expect(replies.count == 8, "\(replies)")
            #expect(replies.filter { $0.hasPrefix("Saved ") }.count == 3, "\(replies)")
            #expect(replies.filter { $0.hasPrefix("Your favorites are full (3/3)") }.count == 5, "\(replies)")
            let listed = try await harness.run(
                ["console", "--user", "alice"], environment: environment, input: "!favs\n")
            #expect(listed.stdoutLines.first == "Your favorites (3, page 1/1, newest first):")
        }
    }

    /// Read-through with a short time to live: a change on one instance reaches the other
    /// within `ChannelSettingsCache.defaultTimeToLive`.
    @Test func aChannelSettingChangedOnOneInstanceReachesTheOther() async throws {
        try await withConsole(engine: "postgres") { harness in
            let environment = ["BOT_ADMINS": "root", "GIPHY_RATING": "pg-13"]
            let first = try await harness.runtime(environment), second = try await harness.runtime(environment)
            let before = "In this channel I post GIFs rated at most pg-13 (the bot's maximum is pg-13)."
            let after = "In this channel I post GIFs rated at most g (the bot's maximum is pg-13)."
            #expect(
                try await harness.say(["!rating"], as: "bob", runtime: second) == [before], "now cached on the second")
            #expect(
                try await harness.say(["!rating g"], as: "root", runtime: first) == [
                    "From now on I post GIFs rated at most g in this channel."
                ])
            let deadline = ContinuousClock.now + ChannelSettingsCache.defaultTimeToLive + .seconds(20)
            var seen: [String] = []
            while ContinuousClock.now < deadline {
                seen = try await harness.say(["!rating"], as: "bob", runtime: second)
                if seen != [before] { break }
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(seen == [after])
            await first.shutdown()
            await second.shutdown()
        }
    }

    /// One instance's 429 stops the others from calling GIPHY with the same key.
    @Test func aRateLimitOnOneInstanceCoolsDownTheOther() async throws {
        try await withConsole(engine: "postgres") { harness in
            let first = try await harness.runtime(), second = try await harness.runtime()
            harness.standIn.override(
                "/v1/gifs/search", with: .fixture("errors/error_429_rate_limit_meta_2021.json", status: 429))
            #expect(
                try await harness.say(["!gif dog"], runtime: first) == [
                    "GIPHY's rate limit for this bot is used up; try again in about 60 s."
                ])
            let callsBefore = harness.standIn.requests.count
            let answer = try await harness.say(["!gif owl"], runtime: second)
            #expect(
                answer.first?.hasPrefix("GIPHY's rate limit for this bot is used up; try again in about ") == true,
                "\(answer)")
            #expect(harness.standIn.requests.count == callsBefore, "the second instance did not call GIPHY")
            await first.shutdown()
            await second.shutdown()
        }
    }
}

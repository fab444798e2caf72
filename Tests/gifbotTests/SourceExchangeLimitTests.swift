import Foundation
import GiphyStandIn
import KlipyStandIn
import TestServerSupport
import Testing

/// Through the real executable: a source that answers at once and then trickles its body gets
/// the configured time for the whole exchange, after which the asker has the short timeout
/// reply and the channel's next command its answer; and a source's redirect to another origin
/// is never followed.
@Suite(.serialized, .timeLimit(.minutes(3))) struct SourceExchangeLimitTests {
    static let timeout = Duration.seconds(2)
    // Generous for a loaded machine running the suites in parallel, and still far below the
    // minutes the trickled body would take without the deadline.
    static let margin = Duration.seconds(4)

    @Test func aTrickledGIPHYBodyTimesOutAndTheNextCommandIsNotHeld() async throws {
        try await withConsole { harness in
            let bot = try harness.launch(
                ["console", "--user", "alice"], environment: harness.environment(["GIPHY_TIMEOUT": "2"]))
            #expect(try await GiphyFaultTests.ask(bot, "!about", answers: 1).first?.hasPrefix("GifBot") == true)
            harness.standIn.override(
                "/v1/gifs/search", with: StandInResponse.fixture("react_api_search_2023.json").trickled())
            try await Self.expectTimeoutThenNextAnswer(
                bot, reply: "GIPHY took too long to answer; try again in a moment.")
            bot.closeInput()
            #expect(await bot.finish(timeout: .seconds(20)).status == 0)
        }
    }

    @Test func aTrickledKLIPYBodyTimesOutAndTheNextCommandIsNotHeld() async throws {
        try await withKlipyConsole(sources: "klipy") { harness in
            let environment = harness.console.environment(harness.environment(["KLIPY_TIMEOUT": "2"]))
            let bot = try harness.console.launch(["console", "--user", "alice"], environment: environment)
            #expect(try await GiphyFaultTests.ask(bot, "!about", answers: 1).first?.hasPrefix("GifBot") == true)
            harness.klipy.fail(with: .trickled(every: .seconds(1)))
            try await Self.expectTimeoutThenNextAnswer(
                bot, reply: "KLIPY took too long to answer; try again in a moment.")
            bot.closeInput()
            #expect(await bot.finish(timeout: .seconds(20)).status == 0)
        }
    }

    @Test func aRedirectToAnotherOriginIsNotFollowed() async throws {
        try await withConsole { harness in
            try await withCleanUp(try await GiphyStandIn.start(), cleanUp: { try? await $0.stop() }) { elsewhere in
                let bot = try harness.launch(
                    ["console", "--user", "alice"], environment: harness.environment(["GIPHY_TIMEOUT": "5"]))
                let target = "\(elsewhere.baseURL)/v1/gifs/search?api_key=\(GiphyStandIn.defaultAPIKey)&q=cat"
                harness.standIn.override("/v1/gifs/search", with: .redirect(to: target))
                let (reply, _) = try await GiphyFaultTests.timedAsk(bot, "!gif cat")
                #expect(reply == "GIPHY is having trouble right now; try again in a minute.")
                #expect(harness.standIn.requests(to: "/v1/gifs/search").count == 1)
                #expect(elsewhere.requests.isEmpty, "the second port was never asked")
                bot.closeInput()
                #expect(await bot.finish(timeout: .seconds(20)).status == 0)
            }
        }
    }

    /// `!gif cat` and `!about` written together: the first gets `reply` within the timeout and
    /// its margin, and the second follows at once instead of waiting for the trickle to end.
    static func expectTimeoutThenNextAnswer(_ bot: GifbotProcess, reply: String) async throws {
        let before = bot.stdoutLineArrivals.count
        let written = ContinuousClock.now
        let answers = try await GiphyFaultTests.ask(bot, "!gif cat\n!about", answers: 2)
        #expect(answers.first == reply)
        #expect(answers.last?.hasPrefix("GifBot") == true)
        let arrivals = bot.stdoutLineArrivals.dropFirst(before)
        let first = try #require(arrivals.first), second = try #require(arrivals.dropFirst().first)
        #expect(first - written < timeout + margin, "the timeout reply came after \(first - written)")
        #expect(
            second - written < timeout + margin + .milliseconds(500), "the next answer came after \(second - written)")
    }
}

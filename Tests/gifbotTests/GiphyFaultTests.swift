import Foundation
import GiphyStandIn
import Testing

/// Every way GIPHY can fail, through the real executable: each gives the user one short reply
/// within the timeout plus one second, and the process carries on. One case at a time: a
/// dozen bots at once on a loaded two-core machine would measure the machine, not the bot.
@Suite(.serialized, .timeLimit(.minutes(3))) struct GiphyFaultTests {
    /// The bot's GIPHY timeout in these tests.
    static let timeout = Duration.seconds(3)

    enum Fault: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case rateLimitedMeta, rateLimitedMessage, unauthorized, forbidden, forbiddenLegacy, serverError, badGateway,
            slowerThanTheTimeout, trickledBody, malformedJSON, syntheticEmpty200, connectionRefused, resetMidBody,
            bodyOverTheCap

        var testDescription: String { rawValue }

        /// What the stand-in answers (nil: nothing listens).
        var response: StandInResponse? {
            switch self {
            case .rateLimitedMeta: .fixture("errors/error_429_rate_limit_meta_2021.json", status: 429)
            case .rateLimitedMessage: .fixture("errors/error_rate_limit_message_2019.json", status: 429)
            case .unauthorized: .fixture("errors/error_401_unauthorized_meta_2022.json", status: 401)
            case .forbidden: .fixture("errors/error_invalid_auth_message_2018.json", status: 403)
            case .forbiddenLegacy: .fixture("errors/error_403_forbidden_legacy_2014.json", status: 403)
            case .serverError: StandInResponse(status: 500, json: "{}")
            case .badGateway:
                StandInResponse(status: 502, body: Array("<html>Bad Gateway</html>".utf8), contentType: "text/html")
            case .slowerThanTheTimeout: .fixture("react_api_search_2023.json", delay: .seconds(30))
            case .trickledBody: StandInResponse.fixture("react_api_search_2023.json").trickled(every: .seconds(1))
            case .malformedJSON: StandInResponse(json: #"{"data": [ {"id": "#)
            case .syntheticEmpty200: .fixture("errors/synthetic_empty_200_2019.json")
            case .connectionRefused: nil
            case .resetMidBody: .resetMidBody
            case .bodyOverTheCap: .oversized(bytes: 9 * 1024 * 1024)
            }
        }

        var expectedReply: String {
            switch self {
            case .rateLimitedMeta, .rateLimitedMessage:
                "GIPHY's rate limit for this bot is used up; try again in about 60 s."
            case .unauthorized, .forbidden, .forbiddenLegacy:
                "GIPHY refused this bot's API key; an operator needs to check giphy.api_key."
            case .serverError, .badGateway, .malformedJSON, .syntheticEmpty200, .bodyOverTheCap:
                "GIPHY is having trouble right now; try again in a minute."
            case .slowerThanTheTimeout, .trickledBody: "GIPHY took too long to answer; try again in a moment."
            case .connectionRefused, .resetMidBody: "I can't reach GIPHY right now; try again later."
            }
        }
    }

    @Test(arguments: Fault.allCases)
    func aFaultIsOneShortTimelyReplyAndTheProcessCarriesOn(_ fault: Fault) async throws {
        try await withConsole { harness in
            let seconds = String(Double(Self.timeout.components.seconds))
            let bot = try harness.launch(
                ["console", "--user", "alice"], environment: harness.environment(["GIPHY_TIMEOUT": seconds]))
            // One answer first, so the process is up and the faults below are all GIPHY's.
            #expect(try await Self.ask(bot, "!about", answers: 1).first?.hasPrefix("GifBot") == true)
            if let response = fault.response {
                harness.standIn.override("/v1/gifs/search", with: response)
            } else {
                try await harness.standIn.refuseConnections()
            }
            let (reply, elapsed) = try await Self.timedAsk(bot, "!gif cat")
            #expect(reply == fault.expectedReply)
            #expect(elapsed < Self.timeout + .seconds(3), "answered after \(elapsed)")
            #expect(!reply.contains(GiphyStandIn.defaultAPIKey))

            if fault == .rateLimitedMeta || fault == .rateLimitedMessage {
                // During the cool-down nothing reaches GIPHY: every command is answered at once.
                let callsBefore = harness.standIn.requests.count
                let replies = try await Self.ask(bot, "!gif dog\n!trends\n!random\n!suggest ca", answers: 4)
                #expect(
                    replies.allSatisfy {
                        $0.hasPrefix("GIPHY's rate limit for this bot is used up; try again in about ")
                    })
                #expect(harness.standIn.requests.count == callsBefore, "no call during the cool-down")
            }
            #expect(try await Self.ask(bot, "!about", answers: 1).first?.hasPrefix("GifBot") == true, "still answering")
            bot.closeInput()
            let result = await bot.finish(timeout: .seconds(20))
            #expect(result.status == 0, "ended normally: \(result.stderr.suffix(500))")
            #expect(!result.stderr.contains(GiphyStandIn.defaultAPIKey))
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    /// Writes one command and returns its one-line answer and how long after the writing it
    /// arrived, as the pipe's reader thread saw it.
    static func timedAsk(_ bot: GifbotProcess, _ command: String) async throws -> (String, Duration) {
        let before = bot.stdoutLineArrivals.count
        let written = ContinuousClock.now
        let answer = try #require(try await ask(bot, command, answers: 1).first)
        let arrived = try #require(bot.stdoutLineArrivals.dropFirst(before).first)
        return (answer, arrived - written)
    }

    /// Writes `lines` and returns the next `answers` lines the bot prints.
    static func ask(
        _ bot: GifbotProcess, _ lines: String, answers: Int, timeout: Duration = .seconds(20)
    ) async throws -> [String] {
        let before = bot.stdoutSoFar.split(separator: "\n").count
        bot.write(lines + "\n")
        let arrived = await bot.waitForOutput(timeout: timeout) {
            $0.split(separator: "\n").count >= before + answers && $0.hasSuffix("\n")
        }
        try #require(arrived, "no answer to \(lines) in \(timeout); output so far: \(bot.stdoutSoFar.suffix(300))")
        return bot.stdoutSoFar.split(separator: "\n").dropFirst(before).prefix(answers).map(String.init)
    }
}

import BotTestSupport
import Foundation
import GiphyStandIn
import MatrixTestSupport
import Testing

@testable import Matrix

/// One person's commands sent together act in the order sent, each on the state the previous
/// one left, on Matrix too (issue 21's burst, with a GIF source that answers in 0.6 s).
@Suite(.timeLimit(.minutes(3))) struct MatrixBurstOrderTests {
    @Test func aBurstOfSearchesAndAFavoriteActsInTheOrderSent() async throws {
        try await withMatrixBot { harness in
            var slow = MatrixBotHarness.catSearch(harness.testBot.standIn)
            slow.delay = .milliseconds(600)
            harness.testBot.standIn.override("/v1/gifs/search", with: slow)
            harness.startBot(await harness.configuration(uploadGIFs: false))
            let room = try await harness.roomWithBot()
            var commands: [String] = []
            for line in ["!gif cats", "!more", "!gif dogs", "!fav"] {
                commands.append(try await harness.alice.sendText(line, to: room))
            }
            var answers: [String] = []
            for command in commands {
                answers.append(try await harness.answer(to: command, in: room, timeout: .seconds(60)).body ?? "")
            }
            #expect(answers[0].contains("(catgif1)"), "\(answers)")
            #expect(answers[1].contains("(catgif2)"), "the !more continues the search before it: \(answers)")
            #expect(answers[2].contains("(catgif1)"), "\(answers)")
            #expect(
                answers[3].hasPrefix("Saved \"Cat catgif1\" (catgif1)"),
                "the favorite is the GIF just shown: \(answers)")
        }
    }
}

import Foundation
import GiphyStandIn
import MatrixTestSupport
import Testing

@testable import Matrix

/// A homeserver that asks the bot to wait for ever (issue 20, item 8): `Retry-After: 1e300`
/// trapped, `retry_after_ms: 9000000000000000000` parked every later reply. The wait is cut to
/// `maximumServerWait`, logged, and the send retried, so the command is still answered.
@Suite(.timeLimit(.minutes(3))) struct MatrixServerWaitTests {
    @Test(arguments: [
        FaultProxy.SendFault.rateLimitFirstAttemptsAsking(
            retryAfterHeader: "1e300", retryAfterMilliseconds: "9000000000000000000"),
        .rateLimitFirstAttemptsAsking(retryAfterHeader: nil, retryAfterMilliseconds: "9000000000000000000"),
        .rateLimitFirstAttemptsAsking(retryAfterHeader: "9223372036854775807", retryAfterMilliseconds: "1e300"),
    ])
    func anAbsurdWaitIsCappedLoggedAndTheReplyStillSent(fault: FaultProxy.SendFault) async throws {
        try await withMatrixBot { harness in
            try await withFaultProxy(to: harness.server.baseURL) { proxy in
                proxy.sendFault = fault
                var configuration = await harness.configuration(uploadGIFs: false)
                configuration.homeserver = proxy.baseURL
                configuration.timing.maximumServerWait = .seconds(1)
                harness.startBot(configuration)
                let room = try await harness.roomWithBot()
                let command = try await harness.alice.sendText("!about", to: room)
                let answer = try await harness.answer(to: command, in: room)
                #expect(answer.body?.isEmpty == false)
                #expect(harness.logs.text.contains("longer wait than allowed"), "the cut wait is logged")

                let transaction = MatrixTransactionID.reply(answering: command, index: 0)
                let attempts = proxy.sends.filter { $0.transactionID == transaction }
                try #require(attempts.count >= 2, "\(attempts.count) attempts")
                #expect(attempts[0].rateLimited && !attempts[1].rateLimited)
                let waited = attempts[1].arrivedAt - attempts[0].arrivedAt
                #expect(waited >= .milliseconds(900) && waited < .seconds(20), "retried after \(waited)")

                // The room's next command is not held behind the first.
                proxy.sendFault = .none
                let next = try await harness.alice.sendText("!about", to: room)
                _ = try await harness.answer(to: next, in: room)
            }
        }
    }
}

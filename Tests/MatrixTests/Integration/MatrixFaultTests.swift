import Foundation
import GiphyStandIn
import MatrixTestSupport
import Testing

@testable import Matrix

/// A homeserver whose /sync fails: with 500s, then by never answering.
@Suite(.timeLimit(.minutes(3))) struct MatrixFaultTests {
    @Test func syncFailingWith500sThenTimeoutsIsBackedOffAndEveryCommandAnsweredOnce() async throws {
        try await withMatrixBot { harness in
            try await withFaultProxy(to: harness.server.baseURL) { proxy in
                var configuration = await harness.configuration()
                configuration.homeserver = proxy.baseURL
                configuration.timing.syncTimeout = .seconds(1)  // a /sync that is never answered gives up after 6 s
                harness.startBot(configuration)
                let room = try await harness.roomWithBot()
                var commands = [try await harness.alice.sendText("!suggest before", to: room)]
                _ = try await harness.answer(to: commands[0], in: room)

                // 500s: answered at once, so only the backoff stands between the retries.
                proxy.syncFault = .status(500)
                var failures = Self.syncFailures(harness)
                var requests = proxy.syncRequests
                var started = ContinuousClock.now
                commands.append(try await harness.alice.sendText("!suggest during500", to: room))
                #expect(await harness.logs.waitFor("Sync failed; retrying", count: failures + 5, timeout: .seconds(60)))
                var elapsed = ContinuousClock.now - started
                var made = proxy.syncRequests - requests
                // 300 ms doubling to 2 s, ±20 %: the fifth failure comes 3.3 s or more after the first.
                #expect(elapsed >= .milliseconds(3_200), "five failed syncs in \(elapsed)")
                #expect(made <= 6, "\(made) /sync requests in \(elapsed)")

                // Never answered: each attempt waits out its deadline, then backs off.
                proxy.syncFault = .hang
                failures = Self.syncFailures(harness)
                requests = proxy.syncRequests
                started = ContinuousClock.now
                commands.append(try await harness.alice.sendText("!suggest duringHang", to: room))
                #expect(await harness.logs.waitFor("Sync failed; retrying", count: failures + 2, timeout: .seconds(60)))
                elapsed = ContinuousClock.now - started
                made = proxy.syncRequests - requests
                #expect(made <= 3, "\(made) /sync requests in \(elapsed)")

                proxy.syncFault = .none
                try await harness.expectEachAnsweredOnce(commands, in: room)
            }
        }
    }

    static func syncFailures(_ harness: MatrixBotHarness) -> Int {
        harness.logs.text.components(separatedBy: "Sync failed; retrying").count - 1
    }
}

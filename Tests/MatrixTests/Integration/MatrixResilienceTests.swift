import BotTestSupport
import Foundation
import GiphyStandIn
import MatrixTestSupport
import Testing

@testable import Matrix

/// Restarts, rate limits and a homeserver that goes away.
@Suite(.timeLimit(.minutes(4))) struct MatrixResilienceTests {
    @Test func aRestartAnswersNothingOldAndNothingTwice() async throws {
        try await withMatrixBot { harness in
            let configuration = await harness.configuration()
            let room = try await harness.alice.createRoom(name: "history")
            _ = try await harness.alice.sendText("!about (said before the bot ever started)", to: room)
            try await harness.alice.invite(harness.botUser, to: room)

            var bot = harness.startBot(configuration)
            let botUser = harness.botUser
            _ = try await harness.alice.waitForEvent(in: room, timeout: .seconds(30)) {
                $0.stateKey == botUser && $0.membership == "join"
            }
            let first = try await harness.alice.sendText("!recent", to: room)
            #expect(
                try await harness.answer(to: first, in: room).body == "You have no recent searches; try !gif <query>.")
            await bot.stop()

            let whileDown = try await harness.alice.sendText("!trends", to: room)
            bot = harness.startBot(configuration)
            let afterRestart = try await harness.alice.sendText("!help gif", to: room)
            _ = try await harness.answer(to: afterRestart, in: room)
            // The bot answers a room's commands in order, so once a later command is answered any
            // duplicate answer to an earlier one would already be there.
            let marker = try await harness.alice.sendText("!help fav", to: room)
            _ = try await harness.answer(to: marker, in: room)
            let answers = await harness.alice.events(in: room).filter {
                $0.sender == botUser && $0.type == "m.room.message"
            }
            #expect(answers.first { $0.inReplyTo == whileDown }?.body?.hasPrefix("Trending searches") == true)
            #expect(
                answers.map(\.inReplyTo) == [first, whileDown, afterRestart, marker],
                "said while down: answered once, in order, after the restart")
            #expect(answers.count == 4, "one answer each: nothing from before the first start, nothing twice")
            #expect(
                harness.logs.text.components(separatedBy: "Logged in to Matrix").count == 2,
                "the second start reused the stored token")
        }
    }

    @Test func anUnreadableSyncPositionIsRetriedNotTakenForAFreshStart() async throws {
        try await withMatrixBot { harness in
            let configuration = await harness.configuration()
            var bot = harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            let first = try await harness.alice.sendText("!recent", to: room)
            _ = try await harness.answer(to: first, in: room)
            await bot.stop()

            let whileDown = try await harness.alice.sendText("!trends", to: room)
            harness.testBot.database.fail(next: 2, with: InjectedDatabaseFault()) {
                $0.sql.hasPrefix("SELECT") && $0.mentions(":next_batch")
            }
            bot = harness.startBot(configuration)
            let answer = try await harness.answer(to: whileDown, in: room)
            #expect(
                answer.body?.hasPrefix("Trending searches") == true, "what was said while the bot was down is answered")
            #expect(
                harness.logs.text.components(separatedBy: "Could not read the stored sync position").count == 3,
                "each failed read is logged")
        }
    }

    @Test func underRateLimitingEveryReplyArrivesOnceInOrderAfterTheAskedWait() async throws {
        try await withMatrixBot { harness in
            try await withFaultProxy(to: harness.server.baseURL) { proxy in
                // The proxy, not Synapse's own limiter, answers 429: a limit in messages per
                // second is never reached when a busy machine takes over a second per send.
                let retryAfter = Duration.milliseconds(1_000)
                proxy.sendFault = .rateLimitFirstAttempts(retryAfterMilliseconds: 1_000)
                var configuration = await harness.configuration(uploadGIFs: false)
                configuration.homeserver = proxy.baseURL
                harness.startBot(configuration)
                let room = try await harness.roomWithBot()
                // Each !gifs is answered by two messages sent back to back.
                var sent: [String] = []
                for index in 1...3 { sent.append(try await harness.alice.sendText("!gifs r\(index)", to: room)) }
                let botUser = harness.botUser
                var answers: [MatrixTestEvent] = []
                for _ in 1...6 {
                    answers.append(
                        try await harness.alice.waitForEvent(in: room, timeout: .seconds(60)) {
                            $0.sender == botUser && $0.type == "m.room.message"
                        })
                }
                #expect(
                    answers.map { $0.body?.prefix(15) }
                        == Array(repeating: ["1. Cat catgif1 ", "2. Cat catgif2 "], count: 3).flatMap { $0 })
                // The bot answers a room's commands in order, so a duplicate would come before this.
                let marker = try await harness.alice.sendText("!about", to: room)
                _ = try await harness.answer(to: marker, in: room)
                let everyAnswer = await harness.alice.events(in: room).filter {
                    $0.sender == botUser && $0.type == "m.room.message"
                }
                #expect(
                    everyAnswer.map(\.inReplyTo) == sent.flatMap { [$0, $0] } + [marker],
                    "each reply posted once, in order")

                let transactions = sent.flatMap {
                    [
                        MatrixTransactionID.reply(answering: $0, index: 0),
                        MatrixTransactionID.reply(answering: $0, index: 1),
                    ]
                }
                let sends = proxy.sends.filter { transactions.contains($0.transactionID) }
                var attemptedInTurn: [String] = []
                for send in sends where send.transactionID != attemptedInTurn.last {
                    attemptedInTurn.append(send.transactionID)
                }
                #expect(attemptedInTurn == transactions, "no reply is tried before the one ahead of it is delivered")
                for transaction in transactions {
                    let attempts = sends.filter { $0.transactionID == transaction }
                    try #require(attempts.count >= 2, "\(transaction): \(attempts.count) attempts")
                    #expect(attempts[0].rateLimited && !attempts[1].rateLimited)
                    let waited = attempts[1].arrivedAt - attempts[0].arrivedAt
                    #expect(waited >= retryAfter, "\(transaction) retried after \(waited)")
                }
            }
        }
    }

    @Test func aHomeserverStoppedUnderTrafficIsWaitedOutAndEveryCommandAnsweredOnce() async throws {
        try await withMatrixBot(.own) { harness in
            let server = harness.server
            var configuration = await harness.configuration()
            configuration.timing.syncTimeout = .seconds(2)  // a request to a stopped server gives up after 7 s
            let bot = harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            let batchesBefore = bot.adapter.handledBatches
            // Commands the bot may or may not have answered when the server goes away.
            var commands: [String] = []
            for index in 1...3 { commands.append(try await harness.alice.sendText("!suggest s\(index)", to: room)) }
            try await server.stop()
            let stoppedAt = ContinuousClock.now
            // Every failed sync and every failed send of an answer is logged. Against a stopped
            // server an attempt can last until its deadline (the client keeps trying to connect),
            // so wait for two, and check that the backoff (at least 240 ms, growing) spaced
            // whatever was logged meanwhile: a tight loop would log hundreds.
            let backingOff: @Sendable (String) -> Int = { text in
                text.components(separatedBy: "Sync failed; retrying").count - 1
                    + text.components(separatedBy: "Matrix send will be retried").count - 1
            }
            let before = backingOff(harness.logs.text)
            #expect(await harness.logs.waitFor(timeout: .seconds(60)) { backingOff($0) >= before + 2 })
            let elapsed = ContinuousClock.now - stoppedAt
            let failures = backingOff(harness.logs.text) - before
            #expect(
                failures <= 2 + Int(elapsed / .milliseconds(240)),
                "backs off instead of hammering: \(failures) failures in \(elapsed)")
            try await server.start()
            commands.append(try await harness.alice.sendText("!suggest s4", to: room))
            let command = try await harness.alice.sendText("!about", to: room)
            // A send that failed while the server was down may be waiting out a backoff of up to 30 s.
            #expect(
                try await harness.answer(to: command, in: room, timeout: .seconds(90)).body?.contains(
                    "Powered by GIPHY") == true)
            #expect(bot.adapter.handledBatches > batchesBefore)
            try await harness.expectEachAnsweredOnce(commands, in: room)
        }
    }
}

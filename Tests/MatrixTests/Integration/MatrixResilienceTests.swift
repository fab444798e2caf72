import BotTestSupport
import Foundation
import MatrixTestSupport
import Testing
@testable import Matrix

/// Restarts, rate limits and a homeserver that goes away.
@Suite(.timeLimit(.minutes(3))) struct MatrixResilienceTests {
    @Test func aRestartAnswersNothingOldAndNothingTwice() async throws {
        try await withMatrixBot { harness in
            let configuration = await harness.configuration()
            let room = try await harness.alice.createRoom(name: "history")
            _ = try await harness.alice.sendText("!about (said before the bot ever started)", to: room)
            try await harness.alice.invite(harness.botUser, to: room)

            var bot = harness.startBot(configuration)
            let botUser = harness.botUser
            _ = try await harness.alice.waitForEvent(in: room, timeout: .seconds(30)) { $0.stateKey == botUser && $0.membership == "join" }
            let first = try await harness.alice.sendText("!recent", to: room)
            #expect(try await harness.answer(to: first, in: room).body == "You have no recent searches; try !gif <query>.")
            await bot.stop()

            let whileDown = try await harness.alice.sendText("!trends", to: room)
            bot = harness.startBot(configuration)
            let afterRestart = try await harness.alice.sendText("!help gif", to: room)
            _ = try await harness.answer(to: afterRestart, in: room)
            // The bot answers a room's commands in order, so once a later command is answered any
            // duplicate answer to an earlier one would already be there.
            let marker = try await harness.alice.sendText("!help fav", to: room)
            _ = try await harness.answer(to: marker, in: room)
            let answers = await harness.alice.events(in: room).filter { $0.sender == botUser && $0.type == "m.room.message" }
            #expect(answers.first { $0.inReplyTo == whileDown }?.body?.hasPrefix("Trending searches") == true)
            #expect(answers.map(\.inReplyTo) == [first, whileDown, afterRestart, marker], "said while down: answered once, in order, after the restart")
            #expect(answers.count == 4, "one answer each: nothing from before the first start, nothing twice")
            #expect(harness.logs.text.components(separatedBy: "Logged in to Matrix").count == 2, "the second start reused the stored token")
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
            harness.testBot.database.fail(next: 2, with: InjectedDatabaseFault()) { $0.sql.hasPrefix("SELECT") && $0.mentions(":next_batch") }
            bot = harness.startBot(configuration)
            let answer = try await harness.answer(to: whileDown, in: room)
            #expect(answer.body?.hasPrefix("Trending searches") == true, "what was said while the bot was down is answered")
            #expect(harness.logs.text.components(separatedBy: "Could not read the stored sync position").count == 3, "each failed read is logged")
        }
    }

    @Test func underALoweredRateLimitEveryReplyArrivesInOrder() async throws {
        try await withMatrixBot { harness in
            let server = harness.server
            let admin = try await server.registerUser(SynapseServer.uniqueLocalpart("admin"), password: "admin-password", admin: true)
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            try await server.overrideRateLimit(for: harness.botUser, messagesPerSecond: 1, burstCount: 1, admin: admin)
            var sent: [String] = []
            for index in 1...6 { sent.append(try await harness.alice.sendText("!suggest r\(index)", to: room)) }
            let commands = sent, lastCommand = sent.last
            let botUser = harness.botUser
            _ = try await harness.alice.waitForEvent(in: room, timeout: .seconds(60)) { $0.sender == botUser && $0.inReplyTo == lastCommand }
            let answers = await harness.alice.events(in: room).filter { $0.sender == botUser && $0.type == "m.room.message" }
            #expect(answers.map(\.inReplyTo) == commands)
            #expect(answers.map(\.body) == (1...6).map { "Suggestions for \"r\($0)\": r\($0)s, r\($0) funny, r\($0) love" })
            #expect(harness.logs.text.contains("Matrix send will be retried"), "the homeserver did rate-limit the bot")
            try await server.removeRateLimitOverride(for: harness.botUser, admin: admin)
        }
    }

    @Test func aHomeserverStoppedUnderTrafficIsWaitedOutAndEveryCommandAnsweredOnce() async throws {
        try await withMatrixBot(.own) { harness in
            let server = harness.server
            var configuration = await harness.configuration()
            configuration.timing.syncTimeout = .seconds(2) // a request to a stopped server gives up after 7 s
            let bot = harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            let batchesBefore = bot.adapter.handledBatches
            // Commands the bot may or may not have answered when the server goes away.
            var commands: [String] = []
            for index in 1...3 { commands.append(try await harness.alice.sendText("!suggest s\(index)", to: room)) }
            try await server.stop()
            let stoppedAt = ContinuousClock.now
            // Every failed sync is logged. Against a stopped server an attempt can take up to its
            // deadline (the client keeps trying to connect), so wait for two, and check that
            // the backoff (300 ms doubling, ±20 %) spaced whatever was logged meanwhile.
            #expect(await harness.logs.waitFor("Sync failed; retrying", count: 2, timeout: .seconds(60)))
            let elapsed = ContinuousClock.now - stoppedAt
            let failures = harness.logs.text.components(separatedBy: "Sync failed; retrying").count - 1
            #expect(failures <= 2 + Int(elapsed / .milliseconds(240)), "backs off instead of hammering: \(failures) failed syncs in \(elapsed)")
            try await server.start()
            commands.append(try await harness.alice.sendText("!suggest s4", to: room))
            let command = try await harness.alice.sendText("!about", to: room)
            #expect(try await harness.answer(to: command, in: room, timeout: .seconds(30)).body?.contains("Powered by GIPHY") == true)
            #expect(bot.adapter.handledBatches > batchesBefore)
            try await harness.expectEachAnsweredOnce(commands, in: room)
        }
    }
}

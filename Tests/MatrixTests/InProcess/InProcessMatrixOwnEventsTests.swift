import Foundation
import GifBotCore
import GiphyStandIn
import Testing

@testable import Matrix

/// The bot's own events left out of its sync once the homeserver annotates events with its
/// membership (`MembershipAnnotations`): one `/sync` answer per command instead of two, the
/// history of a room just joined still unanswered, the encrypted-room notice still sent, and
/// the own-join path kept for a homeserver that does not annotate.
@Suite(.timeLimit(.minutes(1))) struct InProcessMatrixOwnEventsTests {
    /// A running bot in a room of alice's, once it syncs without its own events.
    static func leanBot(_ harness: InProcessMatrixBot) async throws -> (RunningMatrixBot, String) {
        let running = harness.start()
        let room = try await harness.roomWithBot()
        try await harness.homeserver.waitUntilSyncing(harness.botUser, leavingOutOwnEvents: true)
        return (running, room)
    }

    @Test func afterTheFirstAnnotatedBatchTheSyncLeavesTheBotsOwnEventsOutAndACommandCostsOneAnswer()
        async throws
    {
        try await withInProcessMatrixBot { harness in
            let (_, room) = try await Self.leanBot(harness)
            let answers = await harness.homeserver.syncAnswers(of: harness.botUser)
            // The first answer with events (the room joined, the bot's join in it) came with the
            // full filter, and so did every one before; every one after it, with the lean one.
            let first = try #require(answers.firstIndex { $0.timelineEvents > 0 })
            #expect(answers[...first].allSatisfy { !$0.leftOutOwnEvents })
            #expect(answers[first].ownEvents > 0, "the bot's own join")
            #expect(answers[(first + 1)...].allSatisfy { $0.leftOutOwnEvents })

            let before = answers.count
            let commands = 4
            for _ in 0..<commands { _ = try await harness.ask("!about", in: room) }
            let marker = try await harness.ask("!about", in: room)
            #expect(marker.sender == harness.botUser)
            let since = await harness.homeserver.syncAnswers(of: harness.botUser)[before...]
            #expect(since.allSatisfy { $0.leftOutOwnEvents })
            #expect(since.allSatisfy { $0.ownEvents == 0 }, "no reply comes back")
            // Each command in an answer of its own (the one after it waits for the next command,
            // or the poll's end), never an answer for a reply.
            #expect(since.filter { $0.timelineEvents > 0 }.count == commands + 1)
        }
    }

    @Test func historyBeforeTheJoinIsNotAnsweredWithoutTheBotsOwnJoinAndWhatFollowsIs() async throws {
        try await withInProcessMatrixBot { harness in
            _ = try await Self.leanBot(harness)
            let (history, room) = try await Self.roomWithHistory(harness)
            let answer = try await harness.ask("!about", in: room)
            #expect(answer.sender == harness.botUser)
            #expect(await harness.answers(to: history.eventID, in: room).isEmpty, "said before the bot joined")
            // It came to the bot, in the lean answer that brought the room.
            #expect(
                await harness.homeserver.syncAnswers(of: harness.botUser).contains {
                    $0.leftOutOwnEvents && $0.eventIDs.contains(history.eventID)
                })
        }
    }

    @Test func aHomeserverThatDoesNotAnnotateKeepsTheBotsOwnEventsAndItsJoinMarksTheHistory() async throws {
        try await withInProcessMatrixBot { harness in
            await harness.homeserver.setAnnotatesMembership(false)
            harness.start()
            let first = try await harness.roomWithBot()
            _ = try await harness.ask("!about", in: first)
            let (history, room) = try await Self.roomWithHistory(harness)
            _ = try await harness.ask("!about", in: room)
            #expect(await harness.answers(to: history.eventID, in: room).isEmpty, "said before the bot joined")
            let answers = await harness.homeserver.syncAnswers(of: harness.botUser)
            #expect(answers.allSatisfy { !$0.leftOutOwnEvents })
            #expect(answers.contains { $0.ownEvents > 0 }, "its join and replies come back")
            #expect(answers.contains { $0.eventIDs.contains(history.eventID) }, "the history came, before the join")
        }
    }

    @Test(arguments: ["shared", "joined"])
    func anEncryptedRoomIsToldOnJoinWithoutTheBotsOwnJoin(historyVisibility: String) async throws {
        try await withInProcessMatrixBot { harness in
            _ = try await Self.leanBot(harness)
            // With `joined`, nothing from before the join shows: the bot's own call is the mark.
            let room = await harness.homeserver.createRoom(
                by: harness.alice, invite: [harness.botUser], encrypted: true,
                initialState: [
                    [
                        "type": "m.room.history_visibility", "state_key": "",
                        "content": ["history_visibility": .string(historyVisibility)],
                    ]
                ])
            let botUser = harness.botUser
            let notice = try await harness.homeserver.waitForEvent(in: room) {
                $0.sender == botUser && $0.content["msgtype"]?.string == "m.notice"
            }
            #expect(notice.body?.contains("encrypted") == true)
        }
    }

    @Test func anEventTheLeanSyncCannotPlaceIsNotAnsweredAndTheBotTakesItsOwnEventsAgain() async throws {
        try await withInProcessMatrixBot { harness in
            let (_, room) = try await Self.leanBot(harness)
            await harness.homeserver.setAnnotatesMembership(false)
            let unplaced = await harness.homeserver.say("!about", from: harness.alice, in: room)
            try await harness.homeserver.waitUntilSyncing(harness.botUser, leavingOutOwnEvents: false)
            #expect(await harness.logs.waitFor("without the bot's membership"))
            _ = try await harness.ask("!about", in: room)
            #expect(await harness.answers(to: unplaced.eventID, in: room).isEmpty)
            // Not trusted again in this process, though the homeserver annotates again.
            await harness.homeserver.setAnnotatesMembership(true)
            _ = try await harness.ask("!about", in: room)
            let last = await harness.homeserver.syncAnswers(of: harness.botUser).last
            #expect(last?.leftOutOwnEvents == false)
        }
    }

    @Test func aRestartLearnsAgainWithItsOwnEvents() async throws {
        try await withInProcessMatrixBot { harness in
            let (running, room) = try await Self.leanBot(harness)
            await running.stop()
            let before = await harness.homeserver.syncAnswers(of: harness.botUser).count
            harness.start()
            _ = try await harness.ask("!about", in: room)
            let after = await harness.homeserver.syncAnswers(of: harness.botUser)[before...]
            #expect(after.first?.leftOutOwnEvents == false)
            try await harness.homeserver.waitUntilSyncing(harness.botUser, leavingOutOwnEvents: true)
        }
    }

    /// A room where alice asked something before inviting the bot, which then joined.
    static func roomWithHistory(_ harness: InProcessMatrixBot) async throws -> (FakeEvent, String) {
        let server = harness.homeserver
        let room = await server.createRoom(by: harness.alice)
        let history = await server.say("!about", from: harness.alice, in: room)
        await server.invite(harness.botUser, to: room, by: harness.alice)
        let botUser = harness.botUser
        _ = try await server.waitForEvent(in: room) { $0.stateKey == botUser && $0.membership == "join" }
        return (history, room)
    }
}

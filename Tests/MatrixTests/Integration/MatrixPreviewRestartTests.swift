import BotTestSupport
import GifBotCore
import GiphyStandIn
import MatrixTestSupport
import Storage
import Testing

@testable import Matrix

/// What happens to Matrix previews beyond one process and one account (issue 24): a restart
/// forgets open previews, and the next start redacts the messages they left; two accounts in one
/// process each take back only the previews they showed.
@Suite(.timeLimit(.minutes(3))) struct MatrixPreviewRestartTests {
    @Test func aPreviewARestartLeftOpenIsRedactedOnTheNextStart() async throws {
        try await withMatrixBot { harness in
            let configuration = await harness.configuration()
            let account = "\(configuration.homeserver) \(harness.botUser)"
            let first = harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            let botUser = harness.botUser
            let command = try await harness.alice.sendText("!gif? cat", to: room)
            let (left, _) = try await harness.preview(answering: command, in: room)
            await first.stop()
            #expect(try await harness.store.shownPreviews(account: account).map(\.eventID) == [left.eventID])
            #expect(try await harness.alice.event(left.eventID, in: room).isRedacted == false, "still showing")

            // A new process: a new core that knows no preview, on the same store.
            harness.startBot(configuration, runtime: await harness.testBot.restartedRuntime())
            let redaction = try await harness.alice.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.room.redaction"
            }
            #expect(redaction.redacts == left.eventID)
            #expect(try await harness.alice.event(left.eventID, in: room).isRedacted)

            // The restarted bot's own previews are its own: shown, recorded, never taken back.
            let again = try await harness.alice.sendText("!gif? cat", to: room)
            let (shown, _) = try await harness.preview(answering: again, in: room)
            let marker = try await harness.alice.sendText("!about", to: room)
            _ = try await harness.answer(to: marker, in: room)
            #expect(try await harness.store.shownPreviews(account: account).map(\.eventID) == [shown.eventID])
            #expect(try await harness.alice.event(shown.eventID, in: room).isRedacted == false)
            #expect(
                !(await harness.alice.events(in: room)).contains {
                    $0.type == "m.room.redaction" && $0.redacts != left.eventID
                }, "nothing else was redacted")
        }
    }

    @Test func twoAccountsEachRedactTheirOwnExpiredPreviews() async throws {
        let settings = BotSettings(cooldownCommands: 0, previewDuration: .seconds(1))
        try await withMatrixBot(settings: settings) { harness in
            let secondBot = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("gifbot"), password: harness.botPassword
            ).userID
            harness.startBot(await harness.configuration())
            harness.startBot(await harness.configuration(user: secondBot))
            let firstRoom = try await harness.roomWithBot()
            let secondRoom = try await harness.alice.createRoom(name: "more gifs", invite: [secondBot])
            _ = try await harness.alice.waitForEvent(in: secondRoom, timeout: .seconds(30)) {
                $0.type == "m.room.member" && $0.stateKey == secondBot && $0.membership == "join"
            }
            // Each account's sweep runs every second: with one shared sweep, either account could
            // take the other's expired preview and fail to redact it (not in that room). Two rounds
            // in both rooms make that near certain to show.
            for _ in 0..<2 {
                var previews: [(room: String, bot: String, eventID: String)] = []
                for (room, bot) in [(firstRoom, harness.botUser), (secondRoom, secondBot)] {
                    let command = try await harness.alice.sendText("!gif? cat", to: room)
                    let preview = try await harness.alice.waitForEvent(in: room) {
                        $0.sender == bot && $0.inReplyTo == command
                    }
                    previews.append((room, bot, preview.eventID))
                }
                for preview in previews {
                    let redaction = try await harness.alice.waitForEvent(in: preview.room) {
                        $0.type == "m.room.redaction" && $0.redacts == preview.eventID
                    }
                    #expect(redaction.sender == preview.bot, "redacted by the account that showed it")
                }
            }
            #expect(
                !harness.logs.text.contains("Matrix redaction refused"),
                "no account tried to redact another's preview")
        }
    }
}

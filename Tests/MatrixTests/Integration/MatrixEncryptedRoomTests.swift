import Foundation
import GiphyStandIn
import MatrixTestSupport
import Testing

@testable import Matrix

/// End-to-end encrypted rooms, which the bot cannot read: one notice, never an answer there,
/// and unencrypted rooms unaffected.
@Suite(.timeLimit(.minutes(3))) struct MatrixEncryptedRoomTests {
    @Test func anEncryptedRoomIsToldOnceADayAcrossARestartAndPlainRoomsStillWork() async throws {
        try await withMatrixBot { harness in
            var configuration = await harness.configuration()
            configuration.timing.syncTimeout = .seconds(1)  // short polls: batches follow each other quickly
            var bot = harness.startBot(configuration)
            let plain = try await harness.roomWithBot()
            let secret = try await harness.encryptedRoomWithBot()
            let botUser = harness.botUser

            let notice = try await harness.alice.waitForEvent(in: secret) {
                $0.sender == botUser && $0.type == "m.room.message"
            }
            #expect(notice.msgtype == "m.notice")
            #expect(notice.body == MatrixBotHarness.noticeText)
            #expect(notice.inReplyTo == nil)

            // Encrypted chatter and a plaintext command the same day: no answer, no second notice.
            _ = try await harness.alice.sendRaw(MatrixBotHarness.ciphertext, type: "m.room.encrypted", to: secret)
            _ = try await harness.alice.sendText("!gif cat", to: secret)
            _ = try await harness.markAfterBotCaughtUp(bot, in: secret)
            #expect(await harness.botMessages(in: secret).map(\.eventID) == [notice.eventID])
            #expect(harness.standIn.requests(to: "/v1/gifs/search").isEmpty, "the plaintext command was not run")

            // A fake encrypted event in an unencrypted room changes nothing there.
            _ = try await harness.alice.sendRaw(MatrixBotHarness.ciphertext, type: "m.room.encrypted", to: plain)
            let command = try await harness.alice.sendText("!gif cat", to: plain)
            #expect(try await harness.answer(to: command, in: plain).msgtype == "m.image")
            #expect(await harness.botMessages(in: plain).count == 1, "no notice in the unencrypted room")

            await bot.stop()
            bot = harness.startBot(configuration)
            _ = try await harness.alice.sendRaw(MatrixBotHarness.ciphertext, type: "m.room.encrypted", to: secret)
            _ = try await harness.markAfterBotCaughtUp(bot, in: secret)
            #expect(
                await harness.botMessages(in: secret).map(\.eventID) == [notice.eventID],
                "the restart did not repeat the notice")
            let again = try await harness.alice.sendText("!gif cat", to: plain)
            #expect(try await harness.answer(to: again, in: plain).msgtype == "m.image")

            let encryptionLines =
                harness.logs.text.components(separatedBy: "The room is end-to-end encrypted").count - 1
            #expect(
                encryptionLines == 2, "one line per room and process: the restarted bot saw the encrypted event too")
        }
    }

    @Test func encryptionTurnedOnWhileTheBotIsThereGetsTheNoticeOnce() async throws {
        try await withMatrixBot { harness in
            var configuration = await harness.configuration()
            configuration.timing.syncTimeout = .seconds(1)
            let bot = harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            let before = try await harness.alice.sendText("!about", to: room)
            #expect(try await harness.answer(to: before, in: room).body?.contains("Powered by GIPHY") == true)

            try await harness.alice.setState("m.room.encryption", content: MatrixBotHarness.encryptionState, in: room)
            let botUser = harness.botUser
            let notice = try await harness.alice.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.room.message"
            }
            #expect(notice.body == MatrixBotHarness.noticeText)

            _ = try await harness.alice.sendText("!about", to: room)
            _ = try await harness.alice.sendRaw(MatrixBotHarness.ciphertext, type: "m.room.encrypted", to: room)
            _ = try await harness.markAfterBotCaughtUp(bot, in: room)
            #expect(
                await harness.botMessages(in: room).map(\.eventID).suffix(1) == [notice.eventID],
                "nothing after the notice")
            #expect(await harness.botMessages(in: room).count == 2, "the answer from before, then the notice")
        }
    }

    @Test func anEncryptedRoomJoinedAtAFreshStartIsToldWithoutAnsweringItsHistory() async throws {
        try await withMatrixBot { harness in
            let room = try await harness.alice.createRoom(
                name: "configured", invite: [harness.botUser],
                initialState: [MatrixBotHarness.encryptedRoomState])
            _ = try await harness.alice.sendText("!about (said before the bot started)", to: room)
            var configuration = await harness.configuration()
            configuration.rooms = [room]
            harness.startBot(configuration)
            let botUser = harness.botUser
            let notice = try await harness.alice.waitForEvent(in: room, timeout: .seconds(30)) {
                $0.sender == botUser && $0.type == "m.room.message"
            }
            #expect(notice.body == MatrixBotHarness.noticeText)
            #expect(notice.inReplyTo == nil, "the history was not answered")
        }
    }
}

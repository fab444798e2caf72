import Foundation
import GiphyStandIn
import MatrixState
import MatrixTestSupport
import Storage
import Testing

@testable import Matrix

/// An instance taking over a Matrix account: same store, same access token, and the sync
/// position the dead instance last stored.
@Suite(.timeLimit(.minutes(3))) struct MatrixTakeoverTests {
    /// An instance that dies after answering a batch but before storing the next position
    /// leaves its successor a position from before the answer, so the successor answers the
    /// batch again. The homeserver must then post nothing new: the reply's transaction id comes
    /// from the answered event, and the successor gets the first answer's event id back.
    @Test func anEventAnsweredAgainFromAnOlderSyncPositionIsPostedOnce() async throws {
        try await withMatrixBot { harness in
            let configuration = await harness.configuration()
            let first = harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            // Stored after the batch with the bot's join, so it is from before the command.
            let beforeCommand = try #require(try await harness.store.adapterState(first.adapter.syncKey))
            let command = try await harness.alice.sendText("!gif cat", to: room)
            let image = try await harness.answer(to: command, in: room)
            await first.stop()

            try await harness.store.setAdapterState(first.adapter.syncKey, to: beforeCommand)
            harness.startBot(configuration)
            // Only the successor's own answer to the command tells it which GIF to remove: its
            // `!undo` redacting the first answer shows it answered again and got that event back.
            _ = try await harness.alice.sendText("!undo", to: room)
            let botUser = harness.botUser
            let redaction = try await harness.alice.waitForEvent(in: room) {
                $0.type == "m.room.redaction" && $0.sender == botUser
            }
            #expect(redaction.redacts == image.eventID, "the successor's answer is the first instance's event")
            let messages = await harness.alice.events(in: room).filter {
                $0.sender == botUser && $0.type == "m.room.message"
            }
            #expect(
                messages.map(\.eventID) == [image.eventID],
                "one answer in the room, however often the command was answered")
            #expect(
                harness.logs.text.components(separatedBy: "Logged in to Matrix").count == 2,
                "the successor reused the stored token")
        }
    }
}

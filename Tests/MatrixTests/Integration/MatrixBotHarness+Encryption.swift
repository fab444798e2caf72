import Foundation
import MatrixTestSupport

@testable import Matrix

extension MatrixBotHarness {
    /// The state event of an end-to-end encrypted room, as clients create it.
    static let encryptionState: JSONValue = [
        "algorithm": "m.megolm.v1.aes-sha2", "rotation_period_ms": 604_800_000,
    ]

    /// What an encrypted message looks like to a member without the keys (the bot).
    static let ciphertext: JSONValue = [
        "algorithm": "m.megolm.v1.aes-sha2",
        "ciphertext":
            "AwgAEnACgAkLmt6qF84IK++J7UDH2Za1YVchHyprqTqsg2yyOwAtHaZTwyNg37afzg8f3r9IsN9r4RNFg7MaZencUJe4qvELiDiopUjy5wYVDAtqdBzer5bWRD9ldxp1FLgbQvBcjkkywYjCsmsq6+hArILd9oAQZnGKn/qLsK75uhDRRBM+EbRB5FAFZlw",
        "device_id": "RJYKSTBOIE",
        "sender_key": "IlRMeOPX2e0MurIyfWEucYBRVOEEUMrOHqn/8mLqMjA",
        "session_id": "X3lUlvLELLYxeTx4yOVu6UDpasGEVO0Jbu+QFnm0cKQ",
    ]

    static let noticeText = EncryptionNotice(commandPrefix: "!").text

    /// An end-to-end encrypted room alice created and the bot joined on her invitation.
    func encryptedRoomWithBot() async throws -> String {
        let room = try await alice.createRoom(
            name: "secrets", invite: [botUser], initialState: [Self.encryptedRoomState])
        let botUser = botUser
        _ = try await alice.waitForEvent(in: room, timeout: .seconds(30)) {
            $0.type == "m.room.member" && $0.stateKey == botUser && $0.membership == "join"
        }
        return room
    }

    static let encryptedRoomState: JSONValue = [
        "type": "m.room.encryption", "state_key": "", "content": encryptionState,
    ]

    /// The bot's messages in `room` that alice has received so far.
    func botMessages(in room: String) async -> [MatrixTestEvent] {
        let botUser = botUser
        return await alice.events(in: room).filter { $0.sender == botUser && $0.type == "m.room.message" }
    }

    /// Sends a plaintext marker to `room` once the bot has handled every event sent before this
    /// call, and waits until alice sees it: whatever the bot said in answer to those events
    /// (it awaits each send before finishing a batch) comes before the marker in the room.
    func markAfterBotCaughtUp(
        _ bot: RunningMatrixBot, in room: String, timeout: Duration = .seconds(30)
    ) async throws -> MatrixTestEvent {
        try await bot.waitForBatchesStartedAfterNow(timeout: timeout)
        let marker = try await alice.sendText("marker \(UUID().uuidString)", to: room)
        return try await alice.waitForEvent(in: room, timeout: timeout) { $0.eventID == marker }
    }
}

extension RunningMatrixBot {
    /// Returns once the adapter has finished a sync batch whose request began after this call,
    /// so every event sent before the call has been handled. With `handled` finished batches
    /// now, the one under way may have been requested earlier; the one after it was not.
    func waitForBatchesStartedAfterNow(timeout: Duration) async throws {
        let target = adapter.handledBatches + 2
        let deadline = ContinuousClock.now + timeout
        while adapter.handledBatches < target {
            guard ContinuousClock.now < deadline else {
                throw BatchWaitTimedOut(target: target, handled: adapter.handledBatches)
            }
            // A counter without a change notification: poll it briefly until the deadline.
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

struct BatchWaitTimedOut: Error, CustomStringConvertible {
    let target: Int
    let handled: Int
    var description: String { "the bot handled \(handled) sync batches, not \(target), in time" }
}

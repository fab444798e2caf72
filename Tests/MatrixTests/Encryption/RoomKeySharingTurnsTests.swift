import Foundation
import MatrixCrypto
import Testing

@testable import Matrix

/// Messages encrypted at the same time in one room take their turns: one session, one message
/// index each, even while the first is still sharing the room's key (claiming, sending).
@Suite(.timeLimit(.minutes(2))) struct RoomKeySharingTurnsTests {
    @Test func messagesEncryptedAtOnceTakeOneSessionAndAnIndexEach() async throws {
        try await EncryptionStandIn.with { env in
            _ = try await IdentityPinsTests().prepare(env)
            let bot = try await env.bot()
            let room = IdentityPinsTests.room
            let contents = try await withThrowingTaskGroup(of: JSONValue.self) { group in
                for index in 0..<4 {
                    group.addTask {
                        try await bot.encryption.encrypt(
                            ["body": .string("\(index)")], type: "m.room.message", in: room)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let sessions = Set(contents.compactMap { $0["session_id"]?.string })
            #expect(sessions.count == 1, "one session, not one per message that came at once: \(sessions)")
            let indices = try contents.map { try MegolmMessage(base64: $0["ciphertext"]?.string ?? "").messageIndex }
            #expect(indices.sorted() == [0, 1, 2, 3], "an index each: \(indices)")
            #expect(env.requests(startingWith: "/_matrix/client/v3/keys/claim") == 1)
        }
    }
}

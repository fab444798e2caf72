import Foundation
import MatrixCrypto
import Testing

@testable import Matrix

/// Records kept for a room's next message (an encrypted GIF's upload) are written with that
/// message's ratchet, not before; too many waiting are written at once.
@Suite(.timeLimit(.minutes(2))) struct RoomKeySharingKeptRecordsTests {
    static func records(_ count: Int, prefix: String) -> [CryptoStateStore.Write] {
        (0..<count).map { .init(kind: .encryptedUpload, name: "\(prefix)\($0)", bytes: Array("record \($0)".utf8)) }
    }

    @Test func recordsGoWithTheRoomsNextMessage() async throws {
        try await EncryptionStandIn.with { env in
            _ = try await IdentityPinsTests().prepare(env)
            let bot = try await env.bot()
            let state = env.fixture.state
            let room = IdentityPinsTests.room
            await bot.encryption.keepWithNextMessage(Self.records(2, prefix: "gif"), in: room)
            #expect(try await state.load(.encryptedUpload, "gif0") == nil, "not written on their own")
            _ = try await bot.encryption.encrypt(["body": "hi"], type: "m.room.message", in: room)
            #expect(try await state.load(.encryptedUpload, "gif0") == Array("record 0".utf8))
            #expect(try await state.load(.encryptedUpload, "gif1") == Array("record 1".utf8))

            // Past the bound they are written at once, without waiting for a message.
            let many = RoomKeySharing.maximumWaitingWithMessage + 1
            await bot.encryption.keepWithNextMessage(Self.records(many, prefix: "other"), in: "!quiet:localhost")
            #expect(try await state.load(.encryptedUpload, "other\(many - 1)") == Array("record \(many - 1)".utf8))
        }
    }
}

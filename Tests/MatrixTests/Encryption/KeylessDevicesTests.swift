import Foundation
import GiphyStandIn
import MatrixCrypto
import Testing

@testable import Matrix

/// A member whose many devices have no one-time keys left costs one `/keys/claim` and one notice
/// per `KeylessDevices.retryAfter`, not one claim per message and a notice per device.
@Suite(.timeLimit(.minutes(2))) struct KeylessDevicesTests {
    @Test func aUserWithManyKeylessDevicesGetsOneNoticeAndOneClaimPerWindow() async throws {
        try await EncryptionStandIn.with { env in
            let room = "!room:hs", user = "@many:hs"
            var devices: [String: CanonicalJSONValue] = [:]
            for index in 0..<200 {
                devices["D\(index)"] = try OlmAccount().deviceKeys(userID: user, deviceID: "D\(index)")
            }
            try env.answer("/_matrix/client/v3/keys/query", ["device_keys": .object([user: .object(devices)])])
            try env.answer("/_matrix/client/v3/keys/claim", ["one_time_keys": [:]])
            try env.answer(EncryptionStandIn.roomPath(room) + "/joined_members", ["joined": .object([user: [:]])])
            try env.answer(
                EncryptionStandIn.roomPath(room) + "/state/m.room.history_visibility/", ["history_visibility": "joined"]
            )
            let bot = try await env.bot()
            let claims = "/_matrix/client/v3/keys/claim"
            func notices() -> Int {
                env.logs.text.split(separator: "\n").filter { $0.hasPrefix("notice") && $0.contains("one-time key") }
                    .count
            }

            for _ in 0..<3 { _ = try await bot.encryption.encrypt(["body": "hello"], type: "m.room.message", in: room) }
            #expect(env.requests(startingWith: claims) == 1)
            #expect(notices() == 1)
            #expect(env.logs.text.contains("devices=200"))

            env.advance(by: KeylessDevices.retryAfter + 1)
            _ = try await bot.encryption.encrypt(["body": "later"], type: "m.room.message", in: room)
            #expect(env.requests(startingWith: claims) == 2, "claimed again once the window passed")
            #expect(notices() == 2)
        }
    }
}

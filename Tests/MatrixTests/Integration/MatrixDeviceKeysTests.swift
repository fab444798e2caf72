import Foundation
import GiphyStandIn
import MatrixCrypto
import MatrixTestSupport
import Storage
import Testing

@testable import Matrix

/// The bot's encrypting device on a real Synapse: its keys published on first start, signed,
/// claimable, and the same identity after a restart.
@Suite(.timeLimit(.minutes(3))) struct MatrixDeviceKeysTests {
    static let storeKey = MatrixStoreKey(secret: "store key of the device key tests")

    /// The bot's devices as another user sees them (`/keys/query`), parsed strictly.
    func botDevices(_ harness: MatrixBotHarness) async throws -> [String: CanonicalJSONValue] {
        let response = try await harness.alice.request(
            "POST", "/_matrix/client/v3/keys/query", json: ["device_keys": [harness.botUser: []]])
        #expect(response.status == 200)
        let json = try CanonicalJSON.parse(response.body)
        return json["device_keys"]?[harness.botUser]?.objectValue ?? [:]
    }

    @Test func theBotPublishesSignedDeviceKeysAndOneTimeKeysAndKeepsItsIdentityAcrossARestart() async throws {
        try await withMatrixBot { harness in
            var configuration = await harness.configuration()
            configuration.timing.syncTimeout = .seconds(1)
            configuration.encryption.isEnabled = true
            configuration.encryption.storeKey = Self.storeKey
            var bot = harness.startBot(configuration)
            try await bot.waitForBatchesStartedAfterNow(timeout: .seconds(30))

            let devices = try await botDevices(harness)
            #expect(devices.count == 1)
            let (deviceID, keys) = try #require(devices.first)
            let ed25519 = try #require(keys["keys"]?["ed25519:\(deviceID)"]?.stringValue)
            try JSONSigning.verify(keys, userID: harness.botUser, deviceID: deviceID, publicKeyBase64: ed25519)
            #expect(keys["algorithms"]?.arrayValue?.compactMap(\.stringValue).contains("m.megolm.v1.aes-sha2") == true)

            // Another device can claim one of its one-time keys, signed by the device.
            let claim = try await harness.alice.request(
                "POST", "/_matrix/client/v3/keys/claim",
                json: ["one_time_keys": [harness.botUser: [deviceID: "signed_curve25519"]]])
            let claimed = try CanonicalJSON.parse(claim.body)["one_time_keys"]?[harness.botUser]?[deviceID]?.objectValue
            let (keyID, oneTimeKey) = try #require(claimed?.first)
            #expect(keyID.hasPrefix("signed_curve25519:"))
            #expect(oneTimeKey["fallback"] == nil, "a one-time key, not the fallback key")
            try JSONSigning.verify(oneTimeKey, userID: harness.botUser, deviceID: deviceID, publicKeyBase64: ed25519)

            await bot.stop()
            bot = harness.startBot(configuration)
            try await bot.waitForBatchesStartedAfterNow(timeout: .seconds(30))
            let after = try await botDevices(harness)
            #expect(after.keys.sorted() == [deviceID], "the same device after a restart")
            #expect(after[deviceID]?["keys"]?["ed25519:\(deviceID)"]?.stringValue == ed25519)
            #expect(harness.logs.text.contains("Published the device's encryption keys"))
            #expect(
                harness.logs.text.components(separatedBy: "Created the bot's encryption keys").count == 2,
                "the keys were created once")
        }
    }

    @Test func withoutAStoreKeyEncryptionStaysOffAndSaysWhy() async throws {
        try await withMatrixBot { harness in
            var configuration = await harness.configuration()
            configuration.timing.syncTimeout = .seconds(1)
            configuration.encryption.isEnabled = true
            // PostgreSQL has no "beside the database" for a key file: the operator must set one.
            let bot = harness.startBot(
                configuration, database: try DatabaseLocation(url: "postgres://gifbot@127.0.0.1/gifbot"))
            try await bot.waitForBatchesStartedAfterNow(timeout: .seconds(30))
            #expect(harness.logs.text.contains("End-to-end encryption is off: set matrix.store_key"))
            #expect(try await botDevices(harness).values.allSatisfy { $0["keys"] == nil })
        }
    }
}

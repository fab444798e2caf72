import Foundation
import Logging
import MatrixCrypto
import Storage
import Synchronization
import Testing

@testable import Matrix

/// The bot's device: created once per device id, kept sealed in the store, and publishing what
/// the server lacks.
@Suite struct MatrixDeviceTests {
    /// A crypto state store on a fresh SQLite file.
    final class Fixture: Sendable {
        let folder: URL
        let store: BotStore
        let state: CryptoStateStore

        init() async throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-device-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            store = try await SQLiteStore.open(
                path: folder.appendingPathComponent("bot.sqlite").path, logger: Logger(label: "test"))
            state = CryptoStateStore(
                store: store, vault: CryptoVault(key: MatrixStoreKey(secret: "a store key for the tests")),
                account: "http://hs @bot:hs")
        }

        func close() async throws {
            try await store.close()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Records each upload body; fails when told to.
    final class Uploads: Sendable {
        let bodies = Mutex<[CanonicalJSONValue]>([])
        let failing = Mutex(false)

        func upload(_ body: CanonicalJSONValue) throws -> [String: Int] {
            if failing.withLock({ $0 }) { throw MatrixError.transport("down") }
            bodies.withLock { $0.append(body) }
            return ["signed_curve25519": body["one_time_keys"]?.objectValue?.count ?? 0]
        }

        var last: CanonicalJSONValue? { bodies.withLock { $0.last } }
        var count: Int { bodies.withLock { $0.count } }
    }

    @Test func theFirstStartPublishesSignedDeviceKeysFiftyOneTimeKeysAndAFallbackKey() async throws {
        let fixture = try await Fixture()
        let uploads = Uploads()
        let device = try await MatrixDevice.open(
            state: fixture.state, userID: "@bot:hs", deviceID: "DEV", logger: Logger(label: "test"))
        #expect(try await device.publishKeys(.init(), upload: uploads.upload) == 50)
        let body = try #require(uploads.last)
        let deviceKeys = try #require(body["device_keys"])
        #expect(deviceKeys == (try await device.signedDeviceKeys()))
        #expect(deviceKeys["keys"]?["ed25519:DEV"]?.stringValue == device.identityKeys.ed25519)
        try JSONSigning.verify(
            deviceKeys, userID: "@bot:hs", deviceID: "DEV", publicKeyBase64: device.identityKeys.ed25519)
        let oneTimeKeys = try #require(body["one_time_keys"]?.objectValue)
        #expect(oneTimeKeys.count == 50)
        for (_, key) in oneTimeKeys {
            try JSONSigning.verify(
                key, userID: "@bot:hs", deviceID: "DEV", publicKeyBase64: device.identityKeys.ed25519)
        }
        let fallback = try #require(body["fallback_keys"]?.objectValue)
        #expect(fallback.count == 1)
        #expect(fallback.values.first?["fallback"] == .bool(true))

        // A restart: the same identity, nothing to publish while the server has enough.
        let again = try await MatrixDevice.open(
            state: fixture.state, userID: "@bot:hs", deviceID: "DEV", logger: Logger(label: "test"))
        #expect(again.identityKeys == device.identityKeys)
        #expect(
            try await again.publishKeys(
                .init(oneTimeKeys: 50, unusedFallbackKeyTypes: ["signed_curve25519"]), upload: uploads.upload) == nil)
        #expect(uploads.count == 1)
        // Another device id (a new login) is another device.
        let other = try await MatrixDevice.open(
            state: fixture.state, userID: "@bot:hs", deviceID: "NEW", logger: Logger(label: "test"))
        #expect(other.identityKeys != device.identityKeys)
        try await fixture.close()
    }

    @Test func claimedOneTimeKeysAreToppedUpAndAUsedFallbackKeyReplaced() async throws {
        let fixture = try await Fixture()
        let uploads = Uploads()
        let device = try await MatrixDevice.open(
            state: fixture.state, userID: "@bot:hs", deviceID: "DEV", logger: Logger(label: "test"))
        try await device.publishKeys(.init(), upload: uploads.upload)
        // Top-ups a minute apart: closer ones wait (see the next test).
        let start = Date()

        try await device.publishKeys(
            .init(oneTimeKeys: 45, unusedFallbackKeyTypes: ["signed_curve25519"]), upload: uploads.upload, now: start)
        #expect(uploads.last?["device_keys"] == nil, "device keys only once")
        #expect(uploads.last?["one_time_keys"]?.objectValue?.count == 5)
        #expect(uploads.last?["fallback_keys"]?.objectValue?.isEmpty == true)

        let firstFallback = try #require(uploads.bodies.withLock { $0[0] }["fallback_keys"]?.objectValue?.keys.first)
        try await device.publishKeys(
            .init(oneTimeKeys: 50, unusedFallbackKeyTypes: []), upload: uploads.upload, now: start + 61)
        let newFallback = try #require(uploads.last?["fallback_keys"]?.objectValue)
        #expect(newFallback.count == 1)
        #expect(newFallback.keys.first != firstFallback)
        #expect(uploads.last?["one_time_keys"]?.objectValue?.isEmpty == true)

        // An upload that fails keeps its keys, stored: the next attempt (even after a restart)
        // sends the same ones.
        uploads.failing.withLock { $0 = true }
        await #expect(throws: MatrixError.self) {
            try await device.publishKeys(.init(oneTimeKeys: 40), upload: uploads.upload, now: start + 122)
        }
        uploads.failing.withLock { $0 = false }
        let restarted = try await MatrixDevice.open(
            state: fixture.state, userID: "@bot:hs", deviceID: "DEV", logger: Logger(label: "test"))
        try await restarted.publishKeys(.init(oneTimeKeys: 40), upload: uploads.upload)
        #expect(uploads.last?["one_time_keys"]?.objectValue?.count == 10)
        try await fixture.close()
    }

    @Test func keysClaimedAgainAndAgainAreReplacedOncePerInterval() async throws {
        let fixture = try await Fixture()
        let uploads = Uploads()
        let device = try await MatrixDevice.open(
            state: fixture.state, userID: "@bot:hs", deviceID: "DEV", logger: Logger(label: "test"))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try await device.publishKeys(.init(), upload: uploads.upload, now: start)
        // Someone claims every key as soon as it is published, the fallback key too.
        for second in 0..<30 {
            try await device.publishKeys(
                .init(oneTimeKeys: 0, unusedFallbackKeyTypes: []), upload: uploads.upload, now: start + Double(second))
        }
        #expect(uploads.count == 2, "the first publication and one top-up")
        #expect(uploads.last?["one_time_keys"]?.objectValue?.count == 50)
        #expect(uploads.last?["fallback_keys"]?.objectValue?.count == 1)
        try await device.publishKeys(
            .init(oneTimeKeys: 0, unusedFallbackKeyTypes: []), upload: uploads.upload,
            now: start + MatrixDevice.topUpInterval + 1)
        #expect(uploads.count == 3, "and one more a minute later")
        try await fixture.close()
    }
}

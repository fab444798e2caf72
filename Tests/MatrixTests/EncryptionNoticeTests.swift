import Foundation
import Logging
import Storage
import Testing

@testable import Matrix

@Suite struct EncryptionNoticeTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func atMostOncePerRoomPerDay() {
        #expect(EncryptionNotice.isDue(lastNotice: nil, now: start))
        #expect(!EncryptionNotice.isDue(lastNotice: start, now: start))
        #expect(!EncryptionNotice.isDue(lastNotice: start, now: start + 23 * 3600 + 3599))
        #expect(EncryptionNotice.isDue(lastNotice: start, now: start + 24 * 3600))
    }

    @Test func aClockSetBackBlocksForOneDayAtMost() {
        #expect(!EncryptionNotice.isDue(lastNotice: start, now: start - 3600))
        #expect(EncryptionNotice.isDue(lastNotice: start, now: start - 24 * 3600))
    }

    @Test func theTextIsShortAndNamesHelpWithTheBotsPrefix() {
        let text = EncryptionNotice(commandPrefix: ".").text
        #expect(text.contains(".help"))
        #expect(text.contains("encrypted"))
        #expect(text.count < 200)
    }

    /// The rule across restarts: the store, reopened, still knows the room and its last notice.
    @Test func aNoticeIsRememberedAcrossARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gifbot-notice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bot.sqlite").path
        let logger = Logger(label: "test")

        var store = try await SQLiteStore.open(path: path, logger: logger)
        var rooms = await EncryptedRooms.load(store: store, account: "hs @bot:hs", logger: logger)
        #expect(await rooms.status(of: "!r:hs") == .unknown)
        #expect(await !rooms.claimNotice(in: "!r:hs", at: start, because: .joined), "only encrypted rooms are told")
        await rooms.learnEncrypted("!r:hs", algorithm: "m.megolm.v1.aes-sha2")
        #expect(await rooms.claimNotice(in: "!r:hs", at: start, because: .joined))
        await rooms.noticeSent(in: "!r:hs", at: start)
        #expect(await !rooms.claimNotice(in: "!r:hs", at: start + 60, because: .encryptedMessage))
        await rooms.learnEncrypted("!other:hs", algorithm: "m.megolm.v1.aes-sha2")
        try await store.close()

        store = try await SQLiteStore.open(path: path, logger: logger)
        rooms = await EncryptedRooms.load(store: store, account: "hs @bot:hs", logger: logger)
        #expect(await rooms.status(of: "!r:hs") == .encrypted)
        #expect(await rooms.status(of: "!other:hs") == .encrypted)
        #expect(await !rooms.claimNotice(in: "!r:hs", at: start + 3600, because: .encryptedMessage))
        #expect(
            await rooms.claimNotice(in: "!other:hs", at: start + 3600, because: .encryptedMessage), "never told yet")
        #expect(await rooms.claimNotice(in: "!r:hs", at: start + 24 * 3600, because: .encryptedMessage))
        let elsewhere = await EncryptedRooms.load(store: store, account: "hs @other-bot:hs", logger: logger)
        #expect(await elsewhere.status(of: "!r:hs") == .unknown, "rooms are kept per account")
        try await store.close()
    }
}

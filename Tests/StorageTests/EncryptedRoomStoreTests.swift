import Foundation
import Logging
import Testing
@testable import Storage

/// Encrypted rooms and their notice times, per account, on a real SQLite file.
@Suite struct EncryptedRoomStoreTests {
    @Test func roomsAndNoticeTimesAreKeptPerAccount() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await SQLiteStore.open(path: directory.path("bot.sqlite"), logger: Logger(label: "test"))
        let noticed = Date(timeIntervalSince1970: 1_790_000_000)
        try await store.recordEncryptedRoom("!a:hs", account: "one")
        try await store.recordEncryptionNotice(in: "!b:hs", account: "one", at: noticed)
        try await store.recordEncryptedRoom("!b:hs", account: "one") // already known: keeps its notice time
        try await store.recordEncryptedRoom("!a:hs", account: "two")
        let rooms = try await store.encryptedRooms(account: "one").sorted { $0.roomID < $1.roomID }
        #expect(rooms == [EncryptedRoom(roomID: "!a:hs", noticedAt: nil), EncryptedRoom(roomID: "!b:hs", noticedAt: noticed)])
        try await store.recordEncryptionNotice(in: "!a:hs", account: "one", at: noticed + 86_400)
        #expect(try await store.encryptedRooms(account: "one").first { $0.roomID == "!a:hs" }?.noticedAt == noticed + 86_400)
        #expect(try await store.encryptedRooms(account: "two") == [EncryptedRoom(roomID: "!a:hs", noticedAt: nil)])
        #expect(try await store.encryptedRooms(account: "three").isEmpty)
        try await store.close()
    }
}

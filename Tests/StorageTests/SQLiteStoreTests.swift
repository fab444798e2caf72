import Foundation
import GifBotCore
import Logging
import MatrixState
import SQLKit
import Testing

@testable import Storage

/// What only the SQLite engine has: its journal mode and its file errors.
@Suite struct SQLiteStoreTests {
    @Test func theJournalIsWriteAhead() async throws {
        let database = try await TestDatabase(.sqlite)
        defer { database.remove() }
        let store = try await database.open()
        let mode = try await store.database.raw("PRAGMA journal_mode").first(
            decodingColumn: "journal_mode", as: String.self)
        #expect(mode == "wal")
        try await store.close()
    }

    /// Every commit is synced to the disk but the writes a Matrix bot makes with every message
    /// that are given or made again if lost, and recent searches (`WriteDurability.unsynced`):
    /// those are in the database file's write-ahead log when the call returns, where a crash of
    /// the process cannot take them, without a disk flush each.
    @Test func unsyncedWritesReachTheFileWithoutASync() async throws {
        let database = try await TestDatabase(.sqlite)
        defer { database.remove() }
        let store = try await database.open()
        func synchronous(_ database: any SQLDatabase) async throws -> Int? {
            try await database.raw("PRAGMA synchronous").first(decodingColumn: "synchronous", as: Int.self)
        }
        #expect(try await synchronous(store.database) == 2)  // FULL
        #expect(try await synchronous(store.unsyncedDatabase) == 1)  // NORMAL

        try await store.setAdapterState("since", to: "s1", durability: .unsynced)
        try await store.setAdapterState("token", to: "t1")
        try await store.recordUploadedMedia(
            [
                UploadedMedia(
                    gifID: "g", contentURI: "mxc://hs/g", mimetype: "image/gif", byteSize: 9, width: 1, height: 1)
            ],
            network: "hs")
        let alice = UserKey(network: "irc", userID: "alice")
        try await store.recordSearches(
            [RecentSearch(query: "cat", user: alice), RecentSearch(query: "dog", user: alice)], limit: 5)
        let seen = MatrixCryptoRecord(kind: "megolm_seen", name: "s:0", sealedValue: "e")
        #expect(try await store.addMatrixCryptoValue(seen, account: "a"))
        let upload = MatrixCryptoRecord(kind: "encrypted_upload", name: "g", sealedValue: "u")
        try await store.setMatrixCryptoValues([upload], account: "a", durability: .unsynced)
        // The store's own reads, and another process's (a second store on the file, the first
        // one still open: nothing was checkpointed), see each write.
        #expect(try await store.adapterState("since") == "s1")
        let other = try await database.open()
        #expect(try await other.adapterState("since") == "s1")
        #expect(try await other.adapterState("token") == "t1")
        #expect(try await other.uploadedMedia(gifID: "g", network: "hs")?.contentURI == "mxc://hs/g")
        #expect(try await other.matrixCryptoValue(account: "a", kind: "megolm_seen", name: "s:0") == "e")
        #expect(try await !other.addMatrixCryptoValue(seen, account: "a"))
        #expect(try await other.matrixCryptoValue(account: "a", kind: "encrypted_upload", name: "g") == "u")
        #expect(try await other.recentSearches(for: alice, limit: 5) == ["dog", "cat"])
        try await other.close()
        try await store.close()
    }

    @Test func unopenablePathIsAClearError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        await #expect(throws: StoreError.self) {
            try await SQLiteStore.open(
                path: directory.path("missing/folders/bot.sqlite"), logger: Logger(label: "test"))
        }
        let notADatabase = directory.path("garbage.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: notADatabase))
        do {
            _ = try await SQLiteStore.open(path: notADatabase, logger: Logger(label: "test"))
            Issue.record("opened a file that is not a database")
        } catch let error as StoreError {
            #expect(error.description.contains("garbage.sqlite"))
        }
    }
}

/// The batch form that recent searches are written behind with.
@Suite struct RecentSearchBatchTests {
    @Test func aBatchKeepsOrderMovesRepeatsToTheFrontAndTrims() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await SQLiteStore.open(path: directory.path("bot.sqlite"), logger: Logger(label: "test"))
        let alice = UserKey(network: "n", userID: "alice"), bob = UserKey(network: "n", userID: "bob")
        try await store.recordSearch("old", for: alice, limit: 3)
        let batch =
            ["cat", "owl", "cat", "fox", "elk"].map { RecentSearch(query: $0, user: alice) } + [
                RecentSearch(query: "owl", user: bob)
            ]
        try await store.recordSearches(batch, limit: 3)
        #expect(try await store.recentSearches(for: alice, limit: 10) == ["elk", "fox", "cat"])
        #expect(try await store.recentSearches(for: bob, limit: 10) == ["owl"])
        try await store.recordSearches([RecentSearch(query: "fox", user: alice)], limit: 3)
        #expect(try await store.recentSearches(for: alice, limit: 10) == ["fox", "elk", "cat"])
        try await store.recordSearches([], limit: 3)
        try await store.close()
    }
}

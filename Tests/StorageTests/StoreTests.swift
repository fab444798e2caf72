import Foundation
import GifBotCore
import Logging
import MatrixState
import SQLKit
import Testing

@testable import Storage

/// The store's behaviour, the same on both engines.
@Suite struct StoreTests {
    let alice = UserKey(network: "console", userID: "alice")
    let bob = UserKey(network: "console", userID: "bob")

    func favorite(_ id: String) -> Favorite {
        Favorite(gifID: id, title: "Title \(id)", url: "https://media.giphy.com/media/\(id)/giphy.gif", rating: "g")
    }

    @Test(arguments: Engine.allCases)
    func favoritesAreNewestFirstUniqueAndLimited(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        #expect(try await store.addFavorite(favorite("a"), for: alice, limit: 3) == .added(count: 1))
        #expect(try await store.addFavorite(favorite("b"), for: alice, limit: 3) == .added(count: 2))
        #expect(try await store.addFavorite(favorite("a"), for: alice, limit: 3) == .alreadyFavorite)
        #expect(try await store.addFavorite(favorite("c"), for: alice, limit: 3) == .added(count: 3))
        #expect(try await store.addFavorite(favorite("d"), for: alice, limit: 3) == .limitReached(limit: 3))
        #expect(try await store.favorites(for: alice).map(\.gifID) == ["c", "b", "a"])
        #expect(try await store.favorites(for: bob).isEmpty)
        #expect(try await store.removeFavorite("b", for: alice))
        #expect(try await !store.removeFavorite("b", for: alice))
        #expect(try await store.favorites(for: alice).map(\.gifID) == ["c", "a"])
        try await store.close()
    }

    /// On PostgreSQL two stores on one database stand for two instances, each with its own
    /// connections; a SQLite file serves one instance.
    @Test(arguments: Engine.allCases)
    func concurrentAddsNeverOvershootTheLimit(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let first = try await database.open()
        let second = engine == .postgres ? try await database.open() : first
        let results = try await withThrowingTaskGroup(of: AddFavoriteResult.self) { group in
            for index in 0..<30 {
                let store = index.isMultiple(of: 2) ? first : second
                group.addTask { try await store.addFavorite(favorite("g\(index)"), for: alice, limit: 20) }
            }
            return try await group.reduce(into: [AddFavoriteResult]()) { $0.append($1) }
        }
        #expect(try await first.favoriteCount(for: alice) == 20)
        #expect(results.filter { if case .added = $0 { true } else { false } }.count == 20)
        #expect(results.filter { $0 == .limitReached(limit: 20) }.count == 10)
        try await first.close()
        if engine == .postgres { try await second.close() }
    }

    @Test(arguments: Engine.allCases)
    func recentSearchesMoveToTheFrontAndAreCapped(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        for query in ["cat", "dog", "cat", "owl", "fox", "bee", "elk"] {
            try await store.recordSearch(query, for: alice, limit: 5)
        }
        #expect(try await store.recentSearches(for: alice, limit: 5) == ["elk", "bee", "fox", "owl", "cat"])
        try await store.recordSearch("owl", for: bob, limit: 5)
        try await store.clearRecentSearches(for: alice)
        #expect(try await store.recentSearches(for: alice, limit: 5).isEmpty)
        #expect(try await store.recentSearches(for: bob, limit: 5) == ["owl"])
        try await store.close()
    }

    @Test(arguments: Engine.allCases)
    func everythingSurvivesARestart(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        var store = try await database.open()
        _ = try await store.addFavorite(favorite("first"), for: alice, limit: 20)
        _ = try await store.addFavorite(favorite("second"), for: alice, limit: 20)
        try await store.recordSearch("cat", for: alice, limit: 5)
        try await store.recordSearch("dog", for: alice, limit: 5)
        try await store.setRandomID("r-123", for: alice)
        try await store.changeChannelSetting(.rating("pg"), network: "irc", channel: "#gifs")
        try await store.changeChannelSetting(.cooldown(commands: 3, seconds: 10), network: "irc", channel: "#gifs")
        try await store.setAdapterState("matrix.next_batch", to: "s1_2_3")
        try await store.recordUploadedMedia(
            [
                UploadedMedia(
                    gifID: "g1", contentURI: "mxc://hs/abc", mimetype: "image/gif", byteSize: 1234, width: 480,
                    height: nil),
                UploadedMedia(
                    gifID: "g1.thumbnail", contentURI: "mxc://hs/small", mimetype: "image/gif", byteSize: 99,
                    width: 100, height: 75),
            ], network: "https://hs")
        try await store.close()

        store = try await database.open()
        #expect(try await store.favorites(for: alice).map(\.gifID) == ["second", "first"])
        #expect(try await store.favorites(for: alice).first?.title == "Title second")
        #expect(try await store.recentSearches(for: alice, limit: 5) == ["dog", "cat"])
        #expect(try await store.randomID(for: alice) == "r-123")
        #expect(try await store.randomID(for: bob) == nil)
        #expect(
            try await store.channelSettings(network: "irc", channel: "#gifs")
                == ChannelSettings(rating: "pg", cooldownCommands: 3, cooldownSeconds: 10),
            "one change leaves the other")
        #expect(try await store.channelSettings(network: "irc", channel: "#other") == ChannelSettings())
        #expect(try await store.adapterState("matrix.next_batch") == "s1_2_3")
        #expect(
            try await store.uploadedMedia(gifID: "g1", network: "https://hs")
                == UploadedMedia(
                    gifID: "g1", contentURI: "mxc://hs/abc", mimetype: "image/gif", byteSize: 1234, width: 480,
                    height: nil))
        #expect(
            try await store.uploadedMedia(gifID: "g1.thumbnail", network: "https://hs")?.contentURI == "mxc://hs/small",
            "both rows of the one write")
        #expect(try await store.totalFavoriteCount() == 2)
        try await store.ping()
        try await store.close()
    }

    @Test(arguments: Engine.allCases)
    func migrationsRunOnceAndAreRecorded(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        try await store.migrate()
        try await store.migrate()
        let versions = try await store.database.select().column("version").from(Migrator.table).orderBy("version")
            .all(decodingColumn: "version", as: Int.self)
        #expect(versions == Schema.migrations.map(\.version))
        #expect(try await store.schemaVersion() == Schema.migrations.map(\.version).max())
        try await store.close()
    }

    /// Several instances starting at once: each migrates under the lock, one after the other.
    /// (PostgreSQL only: a SQLite file serves one instance, and in one test process its
    /// connections would also share sqlite-nio's few threads, which a busy wait can hold.)
    @Test func instancesStartingAtOnceMigrateOnce() async throws {
        let database = try await TestDatabase(.postgres)
        defer { database.remove() }
        let opened = await withTaskGroup(of: Result<BotStore, any Error>.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    do { return .success(try await database.open()) } catch { return .failure(error) }
                }
            }
            return await group.reduce(into: [Result<BotStore, any Error>]()) { $0.append($1) }
        }
        let stores = opened.compactMap { try? $0.get() }
        for case .failure(let error) in opened { Issue.record("an instance failed to start: \(error)") }
        let versions = try? await stores.first?.database.select().column("version").from(Migrator.table).orderBy(
            "version"
        )
        .all(decodingColumn: "version", as: Int.self)
        for store in stores { try await store.close() }
        #expect(versions == Schema.migrations.map(\.version))
    }

    @Test(arguments: Engine.allCases)
    func aNewerSchemaIsRefusedWithOneLine(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        try await store.database.insert(into: Migrator.table).columns("version", "name", "applied_at")
            .values(SQLBind(999), SQLBind("from the future"), SQLBind(0)).run()
        try await store.close()
        let known = Schema.migrations.map(\.version).max() ?? 0
        await #expect(throws: StoreError.schemaTooNew(found: 999, known: known)) { try await database.open() }
        #expect(!StoreError.schemaTooNew(found: 999, known: known).description.contains("\n"))
    }

    @Test(arguments: Engine.allCases)
    func encryptedRoomsAndNoticeTimesAreKeptPerAccount(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        let noticed = Date(timeIntervalSince1970: 1_790_000_000)
        try await store.recordEncryptedRoom("!a:hs", account: "one")
        try await store.recordEncryptionNotice(in: "!b:hs", account: "one", at: noticed)
        try await store.recordEncryptedRoom("!b:hs", account: "one")  // already known: keeps its notice time
        try await store.recordEncryptedRoom("!a:hs", account: "two")
        let rooms = try await store.encryptedRooms(account: "one").sorted { $0.roomID < $1.roomID }
        #expect(
            rooms == [
                EncryptedRoom(roomID: "!a:hs", noticedAt: nil), EncryptedRoom(roomID: "!b:hs", noticedAt: noticed),
            ])
        try await store.recordEncryptionNotice(in: "!a:hs", account: "one", at: noticed + 86_400)
        #expect(
            try await store.encryptedRooms(account: "one").first { $0.roomID == "!a:hs" }?.noticedAt == noticed + 86_400
        )
        #expect(try await store.encryptedRooms(account: "two") == [EncryptedRoom(roomID: "!a:hs", noticedAt: nil)])
        #expect(try await store.encryptedRooms(account: "three").isEmpty)
        try await store.close()
    }

    /// What the Matrix adapter learns before its first sync (`RecordedUploads`): the ids of
    /// uploads and of encrypted uploads, a page at a time, of one network or account and kind.
    @Test(arguments: Engine.allCases)
    func uploadedIDsAndCryptoNamesArePagedInOrder(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        let ids = (0..<7).map { "gif\($0)" }
        try await store.recordUploadedMedia(
            ids.reversed().map {
                UploadedMedia(
                    gifID: $0, contentURI: "mxc://hs/\($0)", mimetype: "image/gif", byteSize: 1, width: nil, height: nil
                )
            }, network: "https://hs")
        try await store.recordUploadedMedia(
            [
                UploadedMedia(
                    gifID: "elsewhere", contentURI: "mxc://b/1", mimetype: "image/gif", byteSize: 1, width: nil,
                    height: nil)
            ],
            network: "https://other")
        var pages: [[String]] = []
        var after: String?
        repeat {
            pages.append(try await store.uploadedGIFIDs(network: "https://hs", after: after, limit: 3))
            after = pages.last?.last
        } while pages.last?.count == 3
        #expect(pages == [["gif0", "gif1", "gif2"], ["gif3", "gif4", "gif5"], ["gif6"]])

        try await store.setMatrixCryptoValues(
            ["b", "c", "a"].map { MatrixCryptoRecord(kind: "encrypted_upload", name: $0, sealedValue: "sealed") }
                + [MatrixCryptoRecord(kind: "devices", name: "@alice:hs", sealedValue: "sealed")],
            account: "hs @bot")
        #expect(
            try await store.matrixCryptoNames(account: "hs @bot", kind: "encrypted_upload", after: nil, limit: 2) == [
                "a", "b",
            ])
        #expect(
            try await store.matrixCryptoNames(account: "hs @bot", kind: "encrypted_upload", after: "b", limit: 2) == [
                "c"
            ])
        #expect(
            try await store.matrixCryptoNames(account: "hs @other", kind: "encrypted_upload", after: nil, limit: 2)
                .isEmpty)
        try await store.close()
    }
}

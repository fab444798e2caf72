import Foundation
import GiphyStandIn
import Logging
import SQLKit
import Testing
@testable import Storage

/// The store on a real SQLite file.
@Suite struct SQLiteStoreTests {
    let directory: TemporaryDirectory
    let alice = UserKey(network: "console", userID: "alice")
    let bob = UserKey(network: "console", userID: "bob")

    init() throws {
        directory = try TemporaryDirectory()
    }

    func open() async throws -> BotStore {
        try await SQLiteStore.open(path: directory.path("bot.sqlite"), logger: Logger(label: "test"))
    }

    func favorite(_ id: String) -> Favorite {
        Favorite(gifID: id, title: "Title \(id)", url: "https://media.giphy.com/media/\(id)/giphy.gif", rating: "g")
    }

    @Test func favoritesAreNewestFirstUniqueAndLimited() async throws {
        let store = try await open()
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
        directory.remove()
    }

    @Test func concurrentAddsNeverOvershootTheLimit() async throws {
        let store = try await open()
        try await withThrowingTaskGroup(of: AddFavoriteResult.self) { group in
            for index in 0..<30 {
                group.addTask { try await store.addFavorite(favorite("g\(index)"), for: alice, limit: 20) }
            }
            try await group.waitForAll()
        }
        #expect(try await store.favoriteCount(for: alice) == 20)
        try await store.close()
        directory.remove()
    }

    @Test func recentSearchesMoveToTheFrontAndAreCapped() async throws {
        let store = try await open()
        for query in ["cat", "dog", "cat", "owl", "fox", "bee", "elk"] {
            try await store.recordSearch(query, for: alice, limit: 5)
        }
        #expect(try await store.recentSearches(for: alice, limit: 5) == ["elk", "bee", "fox", "owl", "cat"])
        try await store.recordSearch("owl", for: bob, limit: 5)
        try await store.clearRecentSearches(for: alice)
        #expect(try await store.recentSearches(for: alice, limit: 5).isEmpty)
        #expect(try await store.recentSearches(for: bob, limit: 5) == ["owl"])
        try await store.close()
        directory.remove()
    }

    @Test func everythingSurvivesARestart() async throws {
        var store = try await open()
        _ = try await store.addFavorite(favorite("first"), for: alice, limit: 20)
        _ = try await store.addFavorite(favorite("second"), for: alice, limit: 20)
        try await store.recordSearch("cat", for: alice, limit: 5)
        try await store.recordSearch("dog", for: alice, limit: 5)
        try await store.setRandomID("r-123", for: alice)
        try await store.changeChannelSetting(.rating("pg"), network: "irc", channel: "#gifs")
        try await store.changeChannelSetting(.cooldown(commands: 3, seconds: 10), network: "irc", channel: "#gifs")
        try await store.setAdapterState("matrix.next_batch", to: "s1_2_3")
        try await store.close()

        store = try await open()
        #expect(try await store.favorites(for: alice).map(\.gifID) == ["second", "first"])
        #expect(try await store.favorites(for: alice).first?.title == "Title second")
        #expect(try await store.recentSearches(for: alice, limit: 5) == ["dog", "cat"])
        #expect(try await store.randomID(for: alice) == "r-123")
        #expect(try await store.randomID(for: bob) == nil)
        #expect(try await store.channelSettings(network: "irc", channel: "#gifs")
                == ChannelSettings(rating: "pg", cooldownCommands: 3, cooldownSeconds: 10), "one change leaves the other")
        #expect(try await store.channelSettings(network: "irc", channel: "#other") == ChannelSettings())
        #expect(try await store.adapterState("matrix.next_batch") == "s1_2_3")
        try await store.close()
        directory.remove()
    }

    @Test func migrationsRunOnceAndAreRecorded() async throws {
        let store = try await open()
        try await store.migrate()
        try await store.migrate()
        let versions = try await store.database.select().column("version").from(Migrator.table)
            .all(decodingColumn: "version", as: Int.self)
        #expect(versions == Schema.migrations.map(\.version))
        let mode = try await store.database.raw("PRAGMA journal_mode").first(decodingColumn: "journal_mode", as: String.self)
        #expect(mode == "wal")
        try await store.close()
        directory.remove()
    }

    @Test func unopenablePathIsAClearError() async throws {
        await #expect(throws: StoreError.self) {
            try await SQLiteStore.open(path: directory.path("missing-folder/bot.sqlite"), logger: Logger(label: "test"))
        }
        let notADatabase = directory.path("garbage.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: notADatabase))
        do {
            _ = try await SQLiteStore.open(path: notADatabase, logger: Logger(label: "test"))
            Issue.record("opened a file that is not a database")
        } catch let error as StoreError {
            #expect(error.description.contains("garbage.sqlite"))
        }
        directory.remove()
    }

    @Test(arguments: [
        ("gifbot.sqlite", "gifbot.sqlite"),
        ("sqlite:///var/lib/gifbot/bot.db", "/var/lib/gifbot/bot.db"),
        ("sqlite://data/bot.db", "data/bot.db"),
        ("/tmp/x.sqlite", "/tmp/x.sqlite"),
    ])
    func databaseURLs(_ url: String, _ path: String) throws {
        #expect(try DatabaseLocation(url: url) == .sqlite(path: path))
    }

    @Test func unsupportedDatabaseURL() {
        #expect(throws: StoreError.self) { try DatabaseLocation(url: "mysql://localhost/db") }
        #expect(throws: StoreError.self) { try DatabaseLocation(url: "  ") }
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
        let batch = ["cat", "owl", "cat", "fox", "elk"].map { RecentSearch(query: $0, user: alice) } + [RecentSearch(query: "owl", user: bob)]
        try await store.recordSearches(batch, limit: 3)
        #expect(try await store.recentSearches(for: alice, limit: 10) == ["elk", "fox", "cat"])
        #expect(try await store.recentSearches(for: bob, limit: 10) == ["owl"])
        try await store.recordSearches([RecentSearch(query: "fox", user: alice)], limit: 3)
        #expect(try await store.recentSearches(for: alice, limit: 10) == ["fox", "elk", "cat"])
        try await store.recordSearches([], limit: 3)
        try await store.close()
    }
}

import Foundation
import GifBotCore
import Testing

@testable import Storage

/// `gifbot export` / `gifbot import`: moving a community between SQLite and PostgreSQL.
@Suite struct TransferTests {
    let alice = UserKey(network: "libera", userID: "alice")
    let bob = UserKey(network: "matrix", userID: "@bob:example.org")

    func fill(_ store: BotStore) async throws {
        let day = Date(timeIntervalSince1970: 1_790_000_000)
        for (index, id) in ["a1", "b2", "c3"].enumerated() {
            _ = try await store.addFavorite(
                Favorite(
                    gifID: id, title: "Title \"\(id)\" ✨", url: "https://media.giphy.com/media/\(id)/giphy.gif",
                    rating: index == 1 ? nil : "g", addedAt: day + Double(index)), for: alice, limit: 20)
        }
        _ = try await store.addFavorite(
            Favorite(gifID: "z9", title: "Bob's", url: "https://g/z9", rating: "pg", addedAt: day), for: bob, limit: 20)
        for query in ["cats", "dogs", "new\nline"] { try await store.recordSearch(query, for: alice, limit: 5) }
        try await store.recordSearch("owls", for: bob, limit: 5)
        try await store.setRandomID("rid-alice", for: alice)
        try await store.changeChannelSetting(.rating("pg"), network: "libera", channel: "#gifs")
        try await store.changeChannelSetting(
            .cooldown(commands: 2, seconds: 30), network: "matrix", channel: "!room:example.org")
    }

    func lines(_ store: BotStore, _ filter: ExportFilter = ExportFilter()) async throws -> [String] {
        try await store.exportRecords(filter).map(StoreRecordLines.encode)
    }

    struct Counts: Equatable {
        var added = 0, skipped = 0
    }

    func importAll(_ lines: [String], into store: BotStore) async throws -> Counts {
        var added = 0, skipped = 0
        for line in lines {
            let record = try #require(try StoreRecordLines.decode(line))
            if try await store.importRecord(record) { added += 1 } else { skipped += 1 }
        }
        return Counts(added: added, skipped: skipped)
    }

    @Test func sqliteToPostgresToSQLiteGivesIdenticalData() async throws {
        let source = try await TestDatabase(.sqlite), middle = try await TestDatabase(.postgres),
            target = try await TestDatabase(.sqlite)
        defer { [source, middle, target].forEach { $0.remove() } }
        let first = try await source.open(), second = try await middle.open(), third = try await target.open()
        try await fill(first)
        let exported = try await lines(first)
        #expect(exported.count == 11, "a user, four favorites, four searches, two channels")

        let all = Counts(added: exported.count, skipped: 0)
        let intoPostgres = try await importAll(exported, into: second)
        #expect(intoPostgres == all)
        let fromPostgres = try await lines(second)
        #expect(fromPostgres == exported)
        let intoSQLite = try await importAll(fromPostgres, into: third)
        #expect(intoSQLite == all)
        let final = try await lines(third)
        #expect(final == exported)
        // What users see, not only what the export says.
        let before = try await first.favorites(for: alice), after = try await third.favorites(for: alice)
        #expect(after == before)
        #expect(try await third.recentSearches(for: alice, limit: 5) == ["new\nline", "dogs", "cats"])
        #expect(try await third.channelSettings(network: "libera", channel: "#gifs") == ChannelSettings(rating: "pg"))
        #expect(try await third.randomID(for: alice) == "rid-alice")
        for store in [first, second, third] { try await store.close() }
    }

    @Test(arguments: Engine.allCases)
    func importingTwiceChangesNothingTheSecondTime(_ engine: Engine) async throws {
        let source = try await TestDatabase(.sqlite), target = try await TestDatabase(engine)
        defer { [source, target].forEach { $0.remove() } }
        let from = try await source.open(), into = try await target.open()
        try await fill(from)
        let exported = try await lines(from)
        _ = try await importAll(exported, into: into)
        let again = try await importAll(exported, into: into)
        #expect(again == Counts(added: 0, skipped: exported.count))
        let after = try await lines(into)
        #expect(after == exported)
        try await from.close()
        try await into.close()
    }

    @Test func oneUsersExportHasOnlyTheirRows() async throws {
        let database = try await TestDatabase(.sqlite)
        defer { database.remove() }
        let store = try await database.open()
        try await fill(store)
        let records = try await store.exportRecords(ExportFilter(userID: "alice"))
        #expect(records.count == 7)
        for record in records {
            switch record {
            case .user(let user, _), .favorite(let user, _), .recentSearch(let user, _, _): #expect(user == alice)
            case .channelSettings: Issue.record("channel settings in a user's export")
            case .collectionEntry, .collectionPolicy: Issue.record("a channel's collection in a user's export")
            }
        }
        #expect(try await store.exportRecords(ExportFilter(userID: "alice", network: "matrix")).isEmpty)
        try await store.close()
    }

    @Test func linesAreStableJSONAndBadLinesAreErrors() throws {
        let record = StoreRecord.favorite(
            alice,
            Favorite(
                gifID: "a1", title: "T", url: "https://g/a1", rating: nil,
                addedAt: Date(timeIntervalSince1970: 1_790_000_000)))
        #expect(
            try StoreRecordLines.encode(record)
                == #"{"added_at":1790000000,"gif_id":"a1","network":"libera","title":"T","type":"favorite","url":"https://g/a1","user":"alice"}"#
        )
        #expect(try StoreRecordLines.decode("   ") == nil)
        #expect(throws: (any Error).self) { try StoreRecordLines.decode(#"{"type":"favourite"}"#) }
        #expect(throws: (any Error).self) { try StoreRecordLines.decode("not json") }
    }
}

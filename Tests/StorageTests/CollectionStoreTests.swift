import Foundation
import GifBotCore
import Testing

@testable import Storage

/// Channels' collections (issue 25), the same on both engines and across restarts.
@Suite struct CollectionStoreTests {
    let gifs = CollectionChannel(network: "libera", channel: "#gifs")
    let other = CollectionChannel(network: "libera", channel: "#other")
    let alice = UserKey(network: "libera", userID: "alice")

    func entry(
        _ id: String, _ title: String? = nil, tags: [String] = [], in channel: CollectionChannel? = nil
    )
        -> CollectionEntry
    {
        CollectionEntry(
            channel: channel ?? gifs, gifID: id, source: "giphy", title: title ?? "Title \(id)", tags: tags,
            savedBy: alice, savedByName: "Alice", savedAt: Date(timeIntervalSince1970: 1_790_000_000),
            url: "https://media.giphy.com/media/\(id)/giphy.gif",
            preview: CollectionPreview(url: "https://media.giphy.com/media/\(id)/100w.gif", width: 100, height: 56),
            pageURL: "https://giphy.com/gifs/\(id)", rating: "g")
    }

    @Test(arguments: Engine.allCases)
    func savesAreNewestFirstUniqueLimitedAndKeptAcrossRestarts(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        #expect(try await store.saveToCollection(entry("a", tags: ["party", "cat"]), limit: 3) == .saved(count: 1))
        #expect(try await store.saveToCollection(entry("b"), limit: 3) == .saved(count: 2))
        let again = try await store.saveToCollection(entry("a", tags: ["dog"]), limit: 3)
        #expect(again == .alreadySaved(entry("a", tags: ["cat", "party"])))
        #expect(try await store.saveToCollection(entry("c"), limit: 3) == .saved(count: 3))
        #expect(try await store.saveToCollection(entry("d"), limit: 3) == .limitReached(limit: 3))
        #expect(try await store.saveToCollection(entry("d", in: other), limit: 3) == .saved(count: 1))
        try await store.close()

        let reopened = try await database.open()
        let page = try await reopened.collectionEntries(CollectionQuery(channel: gifs))
        #expect(page.total == 3)
        #expect(page.entries.map(\.gifID) == ["c", "b", "a"])
        #expect(page.entries.last == entry("a", tags: ["cat", "party"]))
        #expect(try await reopened.collectionEntry("a", in: other) == nil)
        try await reopened.close()
    }

    @Test(arguments: Engine.allCases)
    func tagsAreAddedWithinTheLimitRemovedAndForgottenWithTheEntry(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        _ = try await store.saveToCollection(entry("a", tags: ["party"]), limit: 10)
        #expect(
            try await store.addCollectionTags(["cat", "party"], to: "a", in: gifs, limit: 3)
                == .tagged(["cat", "party"]))
        #expect(try await store.addCollectionTags(["x", "y"], to: "a", in: gifs, limit: 3) == .tooManyTags(limit: 3))
        #expect(try await store.addCollectionTags(["x"], to: "zz", in: gifs, limit: 3) == .noSuchEntry)
        #expect(try await store.removeCollectionTag("cat", from: "a", in: gifs))
        #expect(try await !store.removeCollectionTag("cat", from: "a", in: gifs))
        #expect(try await store.collectionEntry("a", in: gifs)?.tags == ["party"])
        #expect(try await store.forgetCollectionEntry("a", in: gifs))
        #expect(try await !store.forgetCollectionEntry("a", in: gifs))
        #expect(try await store.collectionTags(in: gifs).isEmpty)
        // Saved again, it comes back without the old tags.
        _ = try await store.saveToCollection(entry("a"), limit: 10)
        #expect(try await store.collectionEntry("a", in: gifs)?.tags == [])
        try await store.close()
    }

    @Test(arguments: Engine.allCases)
    func queriesFilterByTagSearchTitlesAndTagsAndPage(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        _ = try await store.saveToCollection(entry("a", "Dancing Cat", tags: ["party", "cat"]), limit: 10)
        _ = try await store.saveToCollection(entry("b", "Birthday cake", tags: ["party"]), limit: 10)
        _ = try await store.saveToCollection(entry("c", "100% done_", tags: ["work"]), limit: 10)
        _ = try await store.saveToCollection(entry("d", "Party elsewhere", tags: ["party"], in: other), limit: 10)

        func ids(_ query: CollectionQuery) async throws -> [String] {
            try await store.collectionEntries(query).entries.map(\.gifID)
        }
        #expect(try await ids(CollectionQuery(channel: gifs, tag: "party")) == ["b", "a"])
        #expect(try await ids(CollectionQuery(channel: gifs, text: "CAT")) == ["a"])
        #expect(try await ids(CollectionQuery(channel: gifs, text: "part")) == ["b", "a"], "a tag matches too")
        #expect(try await ids(CollectionQuery(channel: gifs, text: "%")) == ["c"], "% is itself, not a wildcard")
        #expect(try await ids(CollectionQuery(channel: gifs, text: "e_")) == ["c"])
        #expect(try await ids(CollectionQuery(channel: gifs, text: "o_")) == [], "_ is itself, not any character")
        #expect(try await ids(CollectionQuery(channel: gifs, tag: "party", text: "cake")) == ["b"])
        let second = try await store.collectionEntries(CollectionQuery(channel: gifs, offset: 1, limit: 1))
        #expect(
            second == CollectionPage(entries: [try #require(try await store.collectionEntry("b", in: gifs))], total: 3))
        #expect(
            try await store.collectionTags(in: gifs)
                == [
                    CollectionTagCount(tag: "party", count: 2), CollectionTagCount(tag: "cat", count: 1),
                    CollectionTagCount(tag: "work", count: 1),
                ])
        try await store.close()
    }

    @Test(arguments: Engine.allCases)
    func policiesChangeOneHalfAtATimeAndListPublicChannels(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        #expect(try await store.collectionPolicy(for: gifs) == CollectionPolicy(savers: .open, isPublic: false))
        try await store.changeCollectionPolicy(.savers(.admins), for: gifs)
        try await store.changeCollectionPolicy(.isPublic(true), for: gifs)
        try await store.changeCollectionPolicy(.isPublic(true), for: other)
        try await store.changeCollectionPolicy(.isPublic(false), for: other)
        #expect(try await store.collectionPolicy(for: gifs) == CollectionPolicy(savers: .admins, isPublic: true))
        #expect(try await store.collectionPolicy(for: other) == CollectionPolicy(savers: .open, isPublic: false))
        #expect(try await store.publicCollections() == [gifs])
        try await store.close()
    }

    @Test(arguments: Engine.allCases)
    func exportAndImportCarryCollectionsAndPolicies(_ engine: Engine) async throws {
        let source = try await TestDatabase(.sqlite), target = try await TestDatabase(engine)
        defer { [source, target].forEach { $0.remove() } }
        let from = try await source.open(), into = try await target.open()
        _ = try await from.saveToCollection(entry("a", "Dancing \"Cat\" ✨", tags: ["party", "cat"]), limit: 10)
        _ = try await from.saveToCollection(
            CollectionEntry(
                channel: other, gifID: "klipy:hello-hi-662", source: "klipy", title: "Hi", tags: [], savedBy: alice,
                savedByName: "Alice", savedAt: Date(timeIntervalSince1970: 1_790_000_100),
                url: "https://static.klipy.com/x.gif", preview: nil, pageURL: nil, rating: nil), limit: 10)
        try await from.changeCollectionPolicy(.isPublic(true), for: gifs)
        let exported = try await from.exportRecords().map(StoreRecordLines.encode)
        #expect(exported.count == 3)
        for line in exported {
            _ = try await into.importRecord(try #require(try StoreRecordLines.decode(line)))
        }
        #expect(try await into.exportRecords().map(StoreRecordLines.encode) == exported)
        for line in exported {
            #expect(try await !into.importRecord(try #require(try StoreRecordLines.decode(line))), "twice: no change")
        }
        #expect(try await into.collectionEntry("a", in: gifs) == from.collectionEntry("a", in: gifs))
        #expect(try await into.publicCollections() == [gifs])
        #expect(try await from.exportRecords(ExportFilter(userID: "alice")).isEmpty)
        try await from.close()
        try await into.close()
    }
}

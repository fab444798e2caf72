import Synchronization
import Testing

@testable import Matrix

/// Which GIFs may have a recorded upload: learned a page at a time, and every GIF may have one
/// until that is done, when it fails, or above the limit.
@Suite struct RecordedUploadsTests {
    /// A store of `ids`, paged as the SQL store pages them: in order, after the id given.
    final class PagedIDs: Sendable {
        let ids: [String]
        let asked = Mutex<[String?]>([])
        init(_ ids: [String]) { self.ids = ids.sorted() }
        func page(after: String?, limit: Int) -> [String] {
            asked.withLock { $0.append(after) }
            return Array(ids.filter { id in after.map { id > $0 } ?? true }.prefix(limit))
        }
    }

    struct PageFailure: Error {}

    let recorded = (0..<115).map { "recorded\($0)" }
    let others = (0..<1_000).map { "other\($0)" }

    @Test func everyGIFMayBeRecordedUntilTheyAreLearned() {
        let uploads = RecordedUploads()
        #expect(others.allSatisfy(uploads.mayBeRecorded))
    }

    @Test func learnedAPageAtATimeOnlyTheRecordedMayBe() async throws {
        let uploads = RecordedUploads()
        let store = PagedIDs(recorded)
        try await uploads.learn(pageSize: 10) { after, limit in store.page(after: after, limit: limit) }
        #expect(recorded.allSatisfy(uploads.mayBeRecorded))
        // A fingerprint is 32 bits: 115 against 1,000 others share one with a chance of 3 in 100,000.
        #expect(others.filter(uploads.mayBeRecorded).isEmpty)
        let asked = store.asked.withLock { $0 }
        #expect(asked.count == 12, "eleven full pages and a short one")
        #expect(asked.first == .some(nil))
        #expect(asked.dropFirst().map { $0 ?? "" } == stride(from: 9, to: 115, by: 10).map { store.ids[$0] })
    }

    @Test func anUploadAddedIsRecordedBeforeAndAfterTheLearning() async throws {
        let uploads = RecordedUploads()
        uploads.add(["new-before"])
        try await uploads.learn(pageSize: 10) { _, _ in [] }
        uploads.add(["new-after"])
        #expect(uploads.mayBeRecorded("new-before") && uploads.mayBeRecorded("new-after"))
        #expect(!uploads.mayBeRecorded("other1"))
    }

    @Test func aPageThatCannotBeReadLeavesEveryGIFToTheStore() async {
        let uploads = RecordedUploads()
        let store = PagedIDs(recorded)
        await #expect(throws: PageFailure.self) {
            try await uploads.learn(pageSize: 10) { after, limit in
                if after != nil { throw PageFailure() }
                return store.page(after: after, limit: limit)
            }
        }
        #expect(others.allSatisfy(uploads.mayBeRecorded))
    }

    @Test func aboveTheLimitEveryGIFIsLookedUp() async throws {
        let learnedTooMany = RecordedUploads(largest: 100)
        let store = PagedIDs(recorded)
        try await learnedTooMany.learn(pageSize: 10) { after, limit in store.page(after: after, limit: limit) }
        #expect(others.allSatisfy(learnedTooMany.mayBeRecorded))

        let grownTooMany = RecordedUploads(largest: 100)
        try await grownTooMany.learn(pageSize: 10) { _, _ in [] }
        #expect(!grownTooMany.mayBeRecorded("other1"))
        grownTooMany.add(recorded)
        #expect(others.allSatisfy(grownTooMany.mayBeRecorded), "the fingerprints let go")
        grownTooMany.add(["one more"])
        #expect(others.allSatisfy(grownTooMany.mayBeRecorded), "and not kept again")
    }
}

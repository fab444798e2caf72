import MatrixState
import Testing

@testable import Storage

/// The Matrix preview messages still showing (issue 24) outlive the process that showed them, so
/// the next one can redact them; each account sees only its own.
@Suite struct ShownPreviewStoreTests {
    @Test(arguments: Engine.allCases)
    func shownPreviewsOutliveARestartPerAccountUntilEnded(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        var store = try await database.open()
        let first = ShownPreviewMessage(roomID: "!a:hs", eventID: "$one", runID: "run-1")
        let second = ShownPreviewMessage(roomID: "!b:hs", eventID: "$two", runID: "run-1")
        try await store.recordShownPreview(first, account: "hs @bot:hs")
        try await store.recordShownPreview(second, account: "hs @bot:hs")
        try await store.recordShownPreview(
            ShownPreviewMessage(roomID: "!a:hs", eventID: "$three", runID: "run-9"), account: "hs @other:hs")
        // Recording one again (a retried send gives the same event id) keeps one row.
        try await store.recordShownPreview(first, account: "hs @bot:hs")
        try await store.close()

        store = try await database.open()
        #expect(Set(try await store.shownPreviews(account: "hs @bot:hs")) == [first, second])
        try await store.removeShownPreview(eventID: "$one", account: "hs @bot:hs")
        try await store.removeShownPreview(eventID: "$three", account: "hs @bot:hs")
        #expect(try await store.shownPreviews(account: "hs @bot:hs") == [second])
        #expect(
            try await store.shownPreviews(account: "hs @other:hs").map(\.eventID) == ["$three"], "another account's")
        try await store.close()
    }
}

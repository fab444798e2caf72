import Foundation
import MatrixState
import Testing

@testable import Storage

/// The statements run with every message keep their SQL text: a kept text must run with each
/// call's own values, one text per shape, on both engines.
@Suite struct KeptStatementsTests {
    func upload(_ id: String, uri: String, width: Int?) -> UploadedMedia {
        UploadedMedia(gifID: id, contentURI: uri, mimetype: "image/gif", byteSize: id.count, width: width, height: nil)
    }

    @Test(arguments: Engine.allCases)
    func aKeptTextRunsWithEachCallsValues(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        let before = store.kept.count
        // One row, then two (another shape), then one again: the first text comes back.
        try await store.recordUploadedMedia([upload("a", uri: "mxc://hs/a", width: 1)], network: "hs")
        try await store.recordUploadedMedia(
            [upload("bb", uri: "mxc://hs/b", width: nil), upload("ccc", uri: "mxc://hs/c", width: 3)], network: "hs")
        try await store.recordUploadedMedia([upload("a", uri: "mxc://hs/a2", width: 4)], network: "hs")
        #expect(store.kept.count == before + 2)
        let a = try await store.uploadedMedia(gifID: "a", network: "hs")
        #expect(a?.contentURI == "mxc://hs/a2")
        #expect(a?.width == 4)
        let b = try await store.uploadedMedia(gifID: "bb", network: "hs")
        #expect(b?.contentURI == "mxc://hs/b")
        #expect(b?.width == nil)
        #expect(b?.byteSize == 2)
        #expect(try await store.uploadedMedia(gifID: "ccc", network: "hs")?.contentURI == "mxc://hs/c")
        #expect(try await store.uploadedMedia(gifID: "a", network: "other") == nil)
        // Several at once, in one statement: those recorded, not the others.
        let found = try await store.uploadedMedia(gifIDs: ["bb", "missing", "a"], network: "hs")
        #expect(Set(found.map(\.gifID)) == ["a", "bb"])
        #expect(found.first { $0.gifID == "a" }?.contentURI == "mxc://hs/a2")
        // The one-GIF select's text was kept on its first run and served the four after it;
        // the three-GIF one is a shape of its own.
        #expect(store.kept.count == before + 4)

        try await store.setAdapterState("since", to: "s1")
        try await store.setAdapterState("since", to: "s2")
        try await store.setAdapterState("filter", to: "f1")
        #expect(try await store.adapterState("since") == "s2")
        #expect(try await store.adapterState("filter") == "f1")
        #expect(try await store.adapterState("none") == nil)
        try await store.close()
    }

    /// Only shapes of a few rows keep their text: a bulk write of many rows (a key shared with
    /// many devices) is written afresh each time, and still runs, so the texts kept stay bounded
    /// by the statements in code, not by the row counts the bot was sent.
    @Test func manyRowShapesAreWrittenAfreshAndStillRun() async throws {
        let database = try await TestDatabase(.sqlite)
        defer { database.remove() }
        let store = try await database.open()
        let before = store.kept.count
        let most = KeptStatements.keptRows.upperBound + 20
        for rows in 1...most {
            let records = (0..<rows).map {
                MatrixCryptoRecord(kind: "k\(rows)", name: "n\($0)", sealedValue: "v\(rows)-\($0)")
            }
            try await store.setMatrixCryptoValues(records, account: "acct")
        }
        #expect(store.kept.count == before + KeptStatements.keptRows.count)
        #expect(
            try await store.matrixCryptoValue(account: "acct", kind: "k\(most)", name: "n\(most - 1)")
                == "v\(most)-\(most - 1)")
        #expect(try await store.matrixCryptoValues(account: "acct", kind: "k\(most)").count == most)
        #expect(try await store.matrixCryptoValue(account: "acct", kind: "k3", name: "n2") == "v3-2")
        // Many names read at once: written afresh, the rows found all the same.
        let names = (0..<most).map { "n\($0)" } + ["missing"]
        let found = try await store.matrixCryptoValues(account: "acct", kind: "k\(most)", names: names)
        #expect(found.count == most)
        #expect(store.kept.count == before + KeptStatements.keptRows.count + 1)
        try await store.close()
    }
}

import Foundation
import MatrixState
import SQLKit
import Testing

@testable import Storage

/// The Matrix adapter's sealed crypto state, the same on both engines.
@Suite struct MatrixCryptoStateTests {
    func record(_ kind: String, _ name: String, _ value: String) -> MatrixCryptoRecord {
        MatrixCryptoRecord(kind: kind, name: name, sealedValue: value)
    }

    /// An add writes only a name not taken, in that account and kind, and says whether it wrote.
    @Test(arguments: Engine.allCases)
    func anAddLeavesATakenNameAsItIs(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        #expect(try await store.addMatrixCryptoValue(record("megolm_seen", "s 1", "first"), account: "hs @bot"))
        #expect(try await !store.addMatrixCryptoValue(record("megolm_seen", "s 1", "second"), account: "hs @bot"))
        #expect(try await store.matrixCryptoValue(account: "hs @bot", kind: "megolm_seen", name: "s 1") == "first")
        #expect(try await store.addMatrixCryptoValue(record("megolm_seen", "s 1", "theirs"), account: "hs @other"))
        #expect(try await store.addMatrixCryptoValue(record("megolm_other", "s 1", "kind"), account: "hs @bot"))
        #expect(try await store.addMatrixCryptoValue(record("megolm_seen", "s 2", "next"), account: "hs @bot"))
        #expect(try await store.matrixCryptoValue(account: "hs @other", kind: "megolm_seen", name: "s 1") == "theirs")
        // Several names of one kind in one read: those stored, of that account and kind only.
        let some = try await store.matrixCryptoValues(
            account: "hs @bot", kind: "megolm_seen", names: ["s 2", "s 3", "s 1"])
        #expect(
            Dictionary(uniqueKeysWithValues: some.map { ($0.name, $0.sealedValue) }) == ["s 1": "first", "s 2": "next"])
        #expect(try await store.matrixCryptoValues(account: "hs @bot", kind: "megolm_seen", names: []).isEmpty)
        try await store.close()
    }

    /// Outbound Megolm sessions stored by versions that kept them (ratchets and who had them,
    /// keys included) are removed by migration 70, in every account; other crypto state stays.
    @Test(arguments: Engine.allCases)
    func storedOutboundSessionsAreRemovedByTheirMigration(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        var store = try await database.open()
        let earlier = ["megolm_outbound", "megolm_outbound_recipients", "olm_account"].map {
            record($0, "!old:localhost", "a sealed row of an earlier version")
        }
        try await store.setMatrixCryptoValues(earlier, account: "hs @bot")
        try await store.setMatrixCryptoValues([earlier[0]], account: "hs @other")
        // As a database of before the migration: it runs again on the next open.
        try await store.database.delete(from: Migrator.table).where("version", .equal, 70).run()
        try await store.close()
        store = try await database.open()
        for account in ["hs @bot", "hs @other"] {
            #expect(try await store.matrixCryptoValues(account: account, kind: "megolm_outbound").isEmpty)
            #expect(try await store.matrixCryptoValues(account: account, kind: "megolm_outbound_recipients").isEmpty)
        }
        #expect(
            try await store.matrixCryptoValue(account: "hs @bot", kind: "olm_account", name: "!old:localhost") != nil)
        try await store.close()
    }

    @Test(arguments: Engine.allCases)
    func valuesAreKeptPerAccountKindAndNameAndSurviveAReopen(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        var store = try await database.open()
        try await store.setMatrixCryptoValues(
            [record("olm_session", "a", "1"), record("olm_session", "b", "2"), record("olm_account", "DEV", "acct")],
            account: "hs @bot")
        try await store.setMatrixCryptoValues([record("olm_session", "a", "other")], account: "hs @other")
        // A name given twice in one write keeps its last value; an existing one is replaced.
        try await store.setMatrixCryptoValues(
            [record("olm_session", "b", "2x"), record("olm_session", "b", "2y"), record("olm_session", "c", "3")],
            account: "hs @bot")
        try await store.close()

        store = try await database.open()
        #expect(try await store.matrixCryptoValue(account: "hs @bot", kind: "olm_account", name: "DEV") == "acct")
        #expect(try await store.matrixCryptoValue(account: "hs @bot", kind: "olm_account", name: "OTHER") == nil)
        let sessions = try await store.matrixCryptoValues(account: "hs @bot", kind: "olm_session")
        #expect(
            Dictionary(uniqueKeysWithValues: sessions.map { ($0.name, $0.sealedValue) }) == [
                "a": "1", "b": "2y", "c": "3",
            ])
        #expect(
            try await store.matrixCryptoValues(account: "hs @other", kind: "olm_session").map(\.sealedValue) == [
                "other"
            ])
        try await store.removeMatrixCryptoValue(account: "hs @bot", kind: "olm_session", name: "a")
        #expect(try await store.matrixCryptoValue(account: "hs @bot", kind: "olm_session", name: "a") == nil)
        #expect(try await store.matrixCryptoValue(account: "hs @other", kind: "olm_session", name: "a") == "other")
        try await store.close()
    }
}

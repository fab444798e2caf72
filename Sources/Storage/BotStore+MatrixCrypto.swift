import GifBotCore
import MatrixState
import SQLKit

extension BotStore {
    /// One sealed value of `account` (one bot login on one homeserver), or nil.
    public func matrixCryptoValue(account: String, kind: String, name: String) async throws -> String? {
        try await kept.statement("matrixCrypto.select", binds: [account, kind, name], on: database) {
            database.select().column("value").from(Schema.matrixCryptoState)
                .where("account", .equal, account).where("kind", .equal, kind).where("name", .equal, name)
                .limit(1)
        }
        .first(decodingColumn: "value", as: String.self)
    }

    /// Every sealed value of one kind, by name.
    public func matrixCryptoValues(account: String, kind: String) async throws -> [MatrixCryptoRecord] {
        try await database.select().columns("name", "value").from(Schema.matrixCryptoState)
            .where("account", .equal, account).where("kind", .equal, kind)
            .all()
            .map { try Self.cryptoRecord($0, kind: kind) }
    }

    /// A page of the names of one kind, in the primary key's order, without their values.
    public func matrixCryptoNames(account: String, kind: String, after: String?, limit: Int) async throws -> [String] {
        var query = database.select().column("name").from(Schema.matrixCryptoState)
            .where("account", .equal, account).where("kind", .equal, kind)
        if let after { query = query.where("name", .greaterThan, after) }
        return try await query.orderBy("name").limit(limit).all(decodingColumn: "name", as: String.self)
    }

    /// The values of those names of one kind that are stored: one statement, its text kept for
    /// a few names (a GIF's and its thumbnail's encrypted uploads).
    public func matrixCryptoValues(
        account: String, kind: String, names: [String]
    ) async throws
        -> [MatrixCryptoRecord]
    {
        guard !names.isEmpty else { return [] }
        let binds: [any Encodable & Sendable] = [account, kind] + names
        return try await kept.statement("matrixCrypto.selectNames", rows: names.count, binds: binds, on: database) {
            database.select().columns("name", "value").from(Schema.matrixCryptoState)
                .where("account", .equal, account).where("kind", .equal, kind).where("name", .in, names)
        }
        .all()
        .map { try Self.cryptoRecord($0, kind: kind) }
    }

    /// Writes several values in one statement (atomic on both engines), so that state that must
    /// change together (an account that used a one-time key and the session it made) is never
    /// half stored. A name given twice keeps its last value.
    public func setMatrixCryptoValues(
        _ records: [MatrixCryptoRecord], account: String, durability: WriteDurability
    ) async throws {
        var latest: [String: MatrixCryptoRecord] = [:]
        var order: [String] = []
        for record in records {
            let key = record.kind + "\u{0}" + record.name
            if latest.updateValue(record, forKey: key) == nil { order.append(key) }
        }
        guard !order.isEmpty else { return }
        let now = Clock.unixSeconds()
        let rows: [[any Encodable & Sendable]] = order.compactMap { key in
            latest[key].map { [account, $0.kind, $0.name, $0.sealedValue, now] }
        }
        // Written with every encrypted GIF uploaded: its text is kept.
        let database = durability == .synced ? database : unsyncedDatabase
        try await kept.statement("matrixCrypto.upsert", rows: rows.count, binds: rows.flatMap { $0 }, on: database) {
            var insert = database.insert(into: Schema.matrixCryptoState)
                .columns("account", "kind", "name", "value", "updated_at")
            for row in rows { insert = insert.values(row) }
            return insert.onConflict(with: ["account", "kind", "name"]) {
                $0.set(excludedValueOf: "value").set(excludedValueOf: "updated_at")
            }
        }
        .run()
    }

    /// Written with every encrypted message received (the index seen, against replays): its
    /// text is kept. `RETURNING` says whether the row was written (SQLite 3.35, PostgreSQL).
    public func addMatrixCryptoValue(_ record: MatrixCryptoRecord, account: String) async throws -> Bool {
        let now = Clock.unixSeconds()
        let binds: [any Encodable & Sendable] = [account, record.kind, record.name, record.sealedValue, now]
        // Unsynced (`WriteDurability`): the index seen of a message, made again with the sync
        // position if the machine loses power.
        let database = unsyncedDatabase
        let written = try await kept.statement("matrixCrypto.add", binds: binds, on: database) {
            database.insert(into: Schema.matrixCryptoState)
                .columns("account", "kind", "name", "value", "updated_at")
                .values(binds)
                .ignoringConflicts(with: ["account", "kind", "name"])
                .returning("name")
        }
        .all()
        return !written.isEmpty
    }

    /// A row of `name` and `value` as the record of that kind.
    private static func cryptoRecord(_ row: any SQLRow, kind: String) throws -> MatrixCryptoRecord {
        MatrixCryptoRecord(
            kind: kind, name: try row.decode(column: "name", as: String.self),
            sealedValue: try row.decode(column: "value", as: String.self))
    }

    public func removeMatrixCryptoValue(account: String, kind: String, name: String) async throws {
        try await database.delete(from: Schema.matrixCryptoState)
            .where("account", .equal, account).where("kind", .equal, kind).where("name", .equal, name)
            .run()
    }
}

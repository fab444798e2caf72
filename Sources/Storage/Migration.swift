import SQLKit

/// One numbered schema step. Steps are applied in order, once each, and recorded in
/// `gifbot_migrations`; every statement is also written to be harmless when repeated, so a
/// step interrupted half-way can simply run again.
struct Migration: Sendable {
    let version: Int
    let name: String
    let apply: @Sendable (any SQLDatabase) async throws -> Void
}

/// Applies the migrations that have not run yet, all in one transaction under the dialect's
/// migration lock: two instances starting at once migrate one after the other, and the second
/// finds nothing left to do.
struct Migrator {
    static let table = "gifbot_migrations"

    let sessions: any StoreSessions
    let dialect: StoreDialect

    /// The versions applied by this call. Throws `StoreError.schemaTooNew` when the database was
    /// migrated past the last step this build knows, without touching it.
    func run(_ migrations: [Migration]) async throws -> [Int] {
        try await dialect.withMigrationLock(sessions) { connection in
            try await connection.create(table: Self.table)
                .ifNotExists()
                .column("version", type: .bigint, .primaryKey(autoIncrement: false))
                .column("name", type: .text, .notNull)
                .column("applied_at", type: .bigint, .notNull)
                .run()
            let applied = Set(
                try await connection.select().column("version").from(Self.table)
                    .all(decodingColumn: "version", as: Int.self))
            let known = migrations.map(\.version).max() ?? 0
            if let newest = applied.max(), newest > known {
                throw StoreError.schemaTooNew(found: newest, known: known)
            }
            var newlyApplied: [Int] = []
            for migration in migrations.sorted(by: { $0.version < $1.version })
            where !applied.contains(migration.version) {
                try await migration.apply(connection)
                try await connection.insert(into: Self.table)
                    .columns("version", "name", "applied_at")
                    .values(SQLBind(migration.version), SQLBind(migration.name), SQLBind(Clock.unixSeconds()))
                    .ignoringConflicts(with: "version")
                    .run()
                newlyApplied.append(migration.version)
            }
            return newlyApplied
        }
    }
}

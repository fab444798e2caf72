import SQLKit

/// One numbered schema step. Steps are applied in order, once each, and recorded in
/// `gifbot_migrations`; every statement is also written to be harmless when repeated, so a
/// step interrupted half-way can simply run again.
struct Migration: Sendable {
    let version: Int
    let name: String
    let apply: @Sendable (any SQLDatabase) async throws -> Void
}

/// Applies the migrations that have not run yet.
struct Migrator {
    static let table = "gifbot_migrations"

    let database: any SQLDatabase

    func run(_ migrations: [Migration]) async throws -> [Int] {
        try await database.create(table: Self.table)
            .ifNotExists()
            .column("version", type: .bigint, .primaryKey(autoIncrement: false))
            .column("name", type: .text, .notNull)
            .column("applied_at", type: .bigint, .notNull)
            .run()
        let applied = Set(try await database.select().column("version").from(Self.table)
            .all(decodingColumn: "version", as: Int.self))
        var newlyApplied: [Int] = []
        for migration in migrations.sorted(by: { $0.version < $1.version }) where !applied.contains(migration.version) {
            try await migration.apply(database)
            try await database.insert(into: Self.table)
                .columns("version", "name", "applied_at")
                .values(SQLBind(migration.version), SQLBind(migration.name), SQLBind(Clock.unixSeconds()))
                .ignoringConflicts(with: "version")
                .run()
            newlyApplied.append(migration.version)
        }
        return newlyApplied
    }
}

import GifBotCore
import SQLKit

/// Everything that differs between the two engines, so the store's statements stay the same on
/// both. SQLite has one writer at a time by design and the store speaks to it over one
/// connection; PostgreSQL has many writers (several instances, each with a pool), so what must
/// not interleave takes a transaction-scoped advisory lock there.
public enum StoreDialect: Sendable {
    case sqlite
    case postgres

    /// Advisory lock keys (the first half of PostgreSQL's two-key form): one space per purpose.
    private enum LockSpace: Int32 {
        case migrations = 0x6769_6601  // "gif" + 1
        case user = 0x6769_6602
        case collection = 0x6769_6603
    }

    /// Runs `body` in one transaction that no other instance's migration run can overlap.
    func withMigrationLock<Result: Sendable>(
        _ sessions: any StoreSessions, _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .sqlite:
            // IMMEDIATE takes the write lock at once: a second process waits (busy_timeout)
            // instead of reading an unmigrated schema. Nothing else uses the connection yet.
            return try await sessions.withSession { connection in
                try await transaction(on: connection, begin: "BEGIN IMMEDIATE", body)
            }
        case .postgres:
            return try await sessions.withSession { session in
                try await transaction(on: session, begin: "BEGIN") { connection in
                    try await connection.raw(
                        "SELECT pg_advisory_xact_lock(\(literal: Int(LockSpace.migrations.rawValue)), 0)"
                    ).run()
                    return try await body(connection)
                }
            }
        }
    }

    /// Runs `body` so that no other call for the same user overlaps it, in any instance: how the
    /// favorites limit holds when two `!fav`s arrive at two instances at once. On SQLite `body`
    /// must be one statement (atomic by itself), or several whose interleaving is harmless.
    func withUserLock<Result: Sendable>(
        _ user: UserKey, _ sessions: any StoreSessions,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        try await withAdvisoryLock(.user, key: user.description, sessions, body)
    }

    /// Runs `body` so that no other call for the same channel's collection overlaps it, in any
    /// instance: how a collection's limits hold. The same rules as `withUserLock` on SQLite.
    func withCollectionLock<Result: Sendable>(
        _ channel: CollectionChannel, _ sessions: any StoreSessions,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        try await withAdvisoryLock(.collection, key: channel.description, sessions, body)
    }

    /// SQLite has one writer at a time already; PostgreSQL takes a transaction-scoped advisory
    /// lock on (space, hash of key), released when the transaction ends.
    private func withAdvisoryLock<Result: Sendable>(
        _ space: LockSpace, key: String, _ sessions: any StoreSessions,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .sqlite:
            return try await sessions.withSession(body)
        case .postgres:
            return try await sessions.withSession { session in
                try await transaction(on: session, begin: "BEGIN") { connection in
                    try await connection.raw(
                        "SELECT pg_advisory_xact_lock(\(literal: Int(space.rawValue)), hashtext(\(bind: key)))"
                    ).run()
                    return try await body(connection)
                }
            }
        }
    }

    /// The database's clock in whole Unix seconds: leases and the shared cool-down compare times
    /// written by different machines, so they use one clock, the database's.
    var unixNow: SQLQueryString {
        switch self {
        case .sqlite: "CAST(strftime('%s', 'now') AS INTEGER)"
        case .postgres: "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS BIGINT)"
        }
    }

    private func transaction<Result: Sendable>(
        on connection: any SQLDatabase, begin: String,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        try await connection.raw(SQLQueryString(begin)).run()
        do {
            let result = try await body(connection)
            try await connection.raw("COMMIT").run()
            return result
        } catch {
            try? await connection.raw("ROLLBACK").run()
            throw error
        }
    }
}

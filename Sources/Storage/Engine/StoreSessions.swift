import SQLKit

/// Runs several statements on one connection, as a transaction needs: through a pool, each
/// statement would otherwise go to whichever connection is free. (SQLKit's own `withSession`
/// cannot be relied on through `any SQLDatabase`: PostgresKit's version does not witness it.)
public protocol StoreSessions: Sendable {
    func withSession<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result
}

/// A store with one connection (SQLite): every session is that connection.
struct SingleConnectionSessions: StoreSessions {
    let database: any SQLDatabase

    func withSession<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        try await body(database)
    }
}

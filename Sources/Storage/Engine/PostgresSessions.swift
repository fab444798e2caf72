// AsyncKit predates Sendable: its pool is lock-protected and shared across threads by design
// (PostgresKit imports it the same way).
@preconcurrency import AsyncKit
import Logging
import PostgresKit

/// Sessions on connections borrowed from the pool. A session that failed is closed rather than
/// returned: it might still be inside a transaction, and the next borrower must never inherit it.
/// Statements are not logged, as `PostgresStore` explains.
struct PostgresSessions: StoreSessions {
    let pool: EventLoopGroupConnectionPool<PostgresConnectionSource>
    let logger: Logger

    func withSession<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        let connection = try await pool.requestConnection(logger: logger).get()
        do {
            let result = try await body(connection.sql(queryLogLevel: nil, logger: logger))
            pool.releaseConnection(connection, logger: logger)
            return result
        } catch {
            try? await connection.close()
            pool.releaseConnection(connection, logger: logger)
            throw error
        }
    }
}

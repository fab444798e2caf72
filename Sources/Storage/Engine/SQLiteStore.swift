import Foundation
import Logging
import NIOPosix
import SQLiteKit

/// Opens the embedded SQLite store. sqlite-nio runs every SQLite call on a thread pool, never on
/// an event loop thread.
public enum SQLiteStore {
    /// Milliseconds a writer waits for another process's lock before failing.
    static let busyTimeoutMilliseconds = 5000

    public static func open(path: String, logger: Logger) async throws -> BotStore {
        try SQLiteFile.prepare(path: path, logger: logger)
        // WAL lets readers run beside the writer. FULL sync makes every commit durable before
        // the call returns, which is what a confirmed `!fav` promises. A second connection
        // commits without a sync (NORMAL) the writes that are given or made again if lost
        // (`WriteDurability.unsynced`): a Matrix bot makes one or two with every message, and
        // each sync costs a disk flush. The WAL is one file, so a synced commit on either
        // connection makes every commit before it durable too.
        let synced = try await connection(path: path, synchronous: "FULL", logger: logger)
        let unsynced: SQLiteConnection
        do {
            unsynced = try await connection(path: path, synchronous: "NORMAL", logger: logger)
        } catch {
            try? await synced.close()
            throw error
        }
        // No query lines: SQLKit logs each statement with its bind values, which include the
        // Matrix access token and KLIPY's customer_id secret.
        let store = BotStore(
            database: synced.sql(queryLogLevel: nil), unsyncedDatabase: unsynced.sql(queryLogLevel: nil),
            dialect: .sqlite, logger: logger
        ) {
            try? await unsynced.close()
            try await synced.close()
        }
        do {
            try await store.migrate()
        } catch let error as StoreError {
            try? await store.close()
            throw error
        } catch {
            try? await store.close()
            throw StoreError.cannotOpen(location: path, reason: reason(error))
        }
        return store
    }

    private static func connection(
        path: String, synchronous: String, logger: Logger
    ) async throws
        -> SQLiteConnection
    {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        } catch {
            throw StoreError.cannotOpen(location: path, reason: reason(error))
        }
        let database = connection.sql(queryLogLevel: nil)
        do {
            // The timeout first: switching to WAL needs a lock another process may hold.
            try await database.raw("PRAGMA busy_timeout = \(unsafeRaw: String(busyTimeoutMilliseconds))").run()
            try await database.raw("PRAGMA journal_mode = WAL").run()
            try await database.raw("PRAGMA synchronous = \(unsafeRaw: synchronous)").run()
            try await database.raw("PRAGMA foreign_keys = ON").run()
        } catch {
            try? await connection.close()
            throw StoreError.cannotOpen(location: path, reason: reason(error))
        }
        return connection
    }

    /// SQLite's own message ("unable to open database file", "file is not a database").
    private static func reason(_ error: any Error) -> String {
        if let sqliteError = error as? SQLiteError { return sqliteError.message }
        return String(describing: error)
    }
}

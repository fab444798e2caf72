import Foundation
import GifBotCore
import Logging
import SQLKit

/// Everything the bot keeps across restarts, on SQLite or PostgreSQL. Each public method is one
/// or a few statements, committed when it returns, so a confirmation sent after it cannot be
/// lost by a crash; on SQLite synced to the disk too, so not by a power cut either, but for the
/// writes that are given or made again if lost (`WriteDurability.unsynced`). Several instances
/// may share one PostgreSQL database: nothing here is cached.
public final class BotStore: Sendable {
    /// The database the store speaks to (exposed for tools and tests that wrap it).
    public let database: any SQLDatabase
    /// What differs between the engines; every engine-specific statement goes through it.
    public let dialect: StoreDialect
    /// Where the writes that may be lost with the machine's power, never with the process, run
    /// (`WriteDurability.unsynced`): on SQLite a connection that commits without a disk sync;
    /// elsewhere `database`.
    let unsyncedDatabase: any SQLDatabase
    /// Where statements that must share a connection (a transaction) run.
    let sessions: any StoreSessions
    /// The text of the statements run with every message, made once (`KeptStatements`).
    let kept = KeptStatements()
    private let closeDatabase: @Sendable () async throws -> Void
    private let logger: Logger

    /// - Parameter unsyncedDatabase: where unsynced writes run; by default `database` itself.
    /// - Parameter sessions: connections for transactions; by default `database` itself (one connection).
    /// - Parameter close: releases the connections; called once by `close()`.
    public init(
        database: any SQLDatabase, unsyncedDatabase: (any SQLDatabase)? = nil, dialect: StoreDialect = .sqlite,
        sessions: (any StoreSessions)? = nil, logger: Logger,
        close: @escaping @Sendable () async throws -> Void
    ) {
        self.database = database
        self.unsyncedDatabase = unsyncedDatabase ?? database
        self.dialect = dialect
        self.sessions = sessions ?? SingleConnectionSessions(database: database)
        self.closeDatabase = close
        self.logger = logger
    }

    /// Brings the schema up to date. Safe to call on every start, from several instances at once.
    public func migrate() async throws {
        let applied = try await Migrator(sessions: sessions, dialect: dialect).run(Schema.migrations)
        if !applied.isEmpty {
            logger.info(
                "Database migrated", metadata: ["versions": "\(applied.map(String.init).joined(separator: ","))"])
        }
    }

    /// The newest schema version this build knows (its last migration).
    public static var latestSchemaVersion: Int { Schema.migrations.map(\.version).max() ?? 0 }

    public func close() async throws {
        try await closeDatabase()
    }

    // MARK: Users

    /// The GIPHY random id stored for a user, used to personalise `random`.
    public func randomID(for user: UserKey) async throws -> String? {
        try await database.select().column("random_id").from(Schema.users)
            .where("network", .equal, user.network).where("user_id", .equal, user.userID)
            .first(decodingColumn: "random_id", as: String?.self) ?? nil
    }

    public func setRandomID(_ randomID: String, for user: UserKey) async throws {
        try await database.insert(into: Schema.users)
            .columns("network", "user_id", "random_id", "created_at")
            .values(SQLBind(user.network), SQLBind(user.userID), SQLBind(randomID), SQLBind(Clock.unixSeconds()))
            .onConflict(with: ["network", "user_id"]) { $0.set(excludedValueOf: "random_id") }
            .run()
    }
}

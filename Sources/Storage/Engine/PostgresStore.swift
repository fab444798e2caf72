// AsyncKit predates Sendable: its pool is lock-protected and shared across threads by design
// (PostgresKit imports it the same way).
@preconcurrency import AsyncKit
import Foundation
import Logging
import NIOPosix
import NIOSSL
import PostgresKit

/// Opens the store on a PostgreSQL server through a small connection pool. Several instances
/// may open the same database: the schema is migrated under an advisory lock, and the store
/// takes per-user locks where a check and a write must not interleave (see `StoreDialect`).
public enum PostgresStore {
    /// Connections per event loop; a bot does little I/O, so a few suffice.
    static let connectionsPerEventLoop = 2

    public static func open(_ location: PostgresLocation, logger: Logger) async throws -> BotStore {
        let tls: PostgresConnection.Configuration.TLS
        do {
            tls = try makeTLS(location)
        } catch {
            throw StoreError.cannotOpen(
                location: location.description, reason: "TLS setup failed: \(reason(error, location))")
        }
        var configuration = SQLPostgresConfiguration(
            hostname: location.host, port: location.port, username: location.user,
            password: location.password, database: location.database, tls: tls)
        configuration.coreConfiguration.options.connectTimeout = .seconds(10)
        let driverLogger = quietDriverLogger(logger)
        let pool = EventLoopGroupConnectionPool(
            source: PostgresConnectionSource(sqlConfiguration: configuration),
            maxConnectionsPerEventLoop: connectionsPerEventLoop,
            requestTimeout: .seconds(15), logger: driverLogger,
            on: MultiThreadedEventLoopGroup.singleton)
        // No query lines: SQLKit logs each statement with its bind values, which include the
        // Matrix access token and KLIPY's customer_id secret.
        let database = pool.database(logger: driverLogger).sql(queryLogLevel: nil)
        let store = BotStore(
            database: database, dialect: .postgres, sessions: PostgresSessions(pool: pool, logger: driverLogger),
            logger: logger
        ) { try await pool.shutdownAsync() }
        do {
            try await store.migrate()
        } catch let error as StoreError {
            try? await store.close()
            throw error
        } catch {
            try? await store.close()
            throw StoreError.cannotOpen(location: location.description, reason: reason(error, location))
        }
        return store
    }

    /// The pool's and driver's own lines ("Opening new connection for pool failed") only repeat,
    /// less clearly, the errors the store's callers get and report themselves.
    static func quietDriverLogger(_ logger: Logger) -> Logger {
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .critical)
        return quiet
    }

    /// libpq's meanings: `prefer` and `require` encrypt without checking who answers,
    /// `verify-ca` checks the certificate's signer, `verify-full` also the host name.
    static func makeTLS(_ location: PostgresLocation) throws -> PostgresConnection.Configuration.TLS {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch location.tlsMode {
        case .disable: return .disable
        case .prefer, .require: tls.certificateVerification = .none
        case .verifyCA: tls.certificateVerification = .noHostnameVerification
        case .verifyFull: tls.certificateVerification = .fullVerification
        }
        if let caFile = location.caFile {
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
        }
        let context = try NIOSSLContext(configuration: tls)
        return location.tlsMode == .prefer ? .prefer(context) : .require(context)
    }

    /// What went wrong, in the server's words when it gave some ("password authentication failed
    /// for user …"); PostgresNIO's own descriptions are deliberately vague. The password is
    /// masked even if some layer echoed it.
    static func reason(_ error: any Error, _ location: PostgresLocation) -> String {
        let text: String
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                text = message
            } else if let underlying = error.underlying {
                text = "\(error.code): \(underlying)"
            } else {
                text = "\(error.code)"
            }
        } else {
            text = "\(error)"
        }
        guard let password = location.password, !password.isEmpty else { return text }
        return text.replacingOccurrences(of: password, with: "***")
    }
}

import Foundation
import Logging
import PostgresTestSupport
import SQLKit
import Testing

@testable import Storage

/// What only the PostgreSQL engine has: a password, TLS modes, a server that can be down.
@Suite(.timeLimit(.minutes(2))) struct PostgresStoreTests {
    func open(_ url: String) async throws -> BotStore {
        try await DatabaseLocation(url: url).open(logger: Logger(label: "test"))
    }

    @Test func aWrongPasswordIsAClearErrorWithoutThePassword() async throws {
        let cluster = try await TestPostgres.shared()
        let url = cluster.url(database: "postgres", password: "not-the-Password-42")
        do {
            _ = try await open(url)
            Issue.record("connected with a wrong password")
        } catch let error as StoreError {
            #expect(error.description.contains("password authentication failed"), "\(error)")
            #expect(!error.description.contains("not-the-Password-42"))
            #expect(!String(reflecting: error).contains("not-the-Password-42"))
        }
    }

    @Test func anUnreachableServerIsAClearErrorWithoutThePassword() async throws {
        let url = "postgres://gifbot:Sekrit-77@127.0.0.1:1/gifbot?sslmode=disable"
        do {
            _ = try await open(url)
            Issue.record("connected to a closed port")
        } catch let error as StoreError {
            #expect(
                error.description.hasPrefix(
                    "cannot open database 'postgres://gifbot@127.0.0.1:1/gifbot?sslmode=disable': "), "\(error)")
            #expect(!String(reflecting: error).contains("Sekrit-77"))
        }
    }

    @Test(arguments: ["prefer", "require", "verify-ca", "verify-full"])
    func tlsModesConnectWithTheServersCA(_ mode: String) async throws {
        let cluster = try await TestPostgres.shared()
        let url =
            try await cluster.makeDatabase(sslmode: mode)
            + (mode.hasPrefix("verify") ? "&sslrootcert=\(cluster.certificateFile)" : "")
        let store = try await open(url)
        let encrypted = try await store.database.raw("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
            .first(decodingColumn: "ssl", as: Bool.self)
        #expect(encrypted == true)
        try await store.close()
    }

    @Test func verifyFullRefusesAnUntrustedCertificate() async throws {
        let cluster = try await TestPostgres.shared()
        let url = try await cluster.makeDatabase(sslmode: "verify-full")
        await #expect(throws: StoreError.self) { try await open(url) }
    }

    @Test func disableSpeaksPlainTCP() async throws {
        let store = try await open(try await TestPostgres.shared().makeDatabase(sslmode: "disable"))
        let encrypted = try await store.database.raw("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
            .first(decodingColumn: "ssl", as: Bool.self)
        #expect(encrypted == false)
        try await store.close()
    }

    @Test func aMissingCAFileIsAClearError() async throws {
        let url =
            try await TestPostgres.shared().makeDatabase(sslmode: "verify-full") + "&sslrootcert=/nonexistent/ca.pem"
        do {
            _ = try await open(url)
            Issue.record("opened with a missing CA file")
        } catch let error as StoreError {
            #expect(error.description.contains("TLS setup failed"), "\(error)")
        }
    }
}

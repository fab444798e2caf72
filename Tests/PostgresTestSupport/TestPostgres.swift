import Foundation
import Logging
import NIOPosix
import PostgresNIO
import TestServerSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A throwaway PostgreSQL cluster on 127.0.0.1 for tests (Postgres/start-postgres.sh: initdb
/// and pg_ctl in a temporary folder, a free port). One per test process, started on first
/// use; each test takes a fresh database on it. Stopped, and its folder removed, when the test
/// process exits (an atexit hook, and a watchdog for crashes).
///
/// There is no skipping: without PostgreSQL installed the start fails, and so do the tests
/// that need it. `scripts/install-test-deps` installs it.
public final class TestPostgres: Sendable {
    public static let user = "gifbot"
    public static let password = "test-password-not-for-production"

    public let port: Int
    public let directory: URL
    /// The server's self-signed certificate (CN=localhost, SAN 127.0.0.1): a CA file for
    /// `sslrootcert` in `verify-full` tests.
    public var certificateFile: String { directory.appendingPathComponent("tls-cert.pem").path }

    private init(port: Int, directory: URL) {
        self.port = port
        self.directory = directory
    }

    /// The cluster of this test process; concurrent first callers share one start.
    public static func shared() async throws -> TestPostgres {
        try await SharedPostgres.registry.cluster()
    }

    /// A new, empty database for one test, and its URL (`sslmode=disable` unless given).
    public func makeDatabase(sslmode: String = "disable") async throws -> String {
        let name = "gifbot_test_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: ""))"
        try await execute("CREATE DATABASE \(name)")
        return url(database: name, sslmode: sslmode)
    }

    public func url(database: String, password: String = TestPostgres.password, sslmode: String = "disable") -> String {
        "postgres://\(Self.user):\(password)@127.0.0.1:\(port)/\(database)?sslmode=\(sslmode)"
    }

    /// Runs one statement as the superuser on the `postgres` database.
    public func execute(_ sql: String) async throws {
        let configuration = PostgresConnection.Configuration(
            host: "127.0.0.1", port: port, username: Self.user,
            password: Self.password, database: "postgres", tls: .disable)
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(),
            configuration: configuration, id: 1, logger: Logger(label: "test-postgres"))
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "test-postgres"))
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    static func start() async throws -> TestPostgres {
        let root = URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["POSTGRES_TESTSUPPORT_ROOT"]
                ?? (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/postgres-testsupport")
        let directory = root.appendingPathComponent(UUID().uuidString.prefix(8).lowercased())
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The watchdog is left out: it ends by itself once the folder is gone.
        ExitCleanup.register(directory, pidFiles: ["run/postgres.job"], stopSignal: SIGINT)
        try Data("\(password)\n".utf8).write(to: directory.appendingPathComponent("password"))
        let port = try await FreePorts.allocate(1)[0]
        let log = directory.appendingPathComponent("start.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        let status = try await ScriptRunner.run(
            scripts.appendingPathComponent("start-postgres.sh"),
            arguments: [directory.path, String(port), String(getpid())], output: output)
        try? output.close()
        guard status == 0 else {
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw TestPostgresError.startFailed(status: status, output: String(said.suffix(2000)))
        }
        return TestPostgres(port: port, directory: directory)
    }

    static var scripts: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Postgres")
    }
}

public enum TestPostgresError: Error, CustomStringConvertible {
    case startFailed(status: Int32, output: String)

    public var description: String {
        switch self {
        case .startFailed(let status, let output):
            "the PostgreSQL test cluster did not start (status \(status)); run scripts/install-test-deps. \(output)"
        }
    }
}

/// The per-process cluster behind `TestPostgres.shared`; a failed start is forgotten so a later
/// call retries.
actor SharedPostgres {
    static let registry = SharedPostgres()

    private var start: Task<TestPostgres, any Error>?

    func cluster() async throws -> TestPostgres {
        let starting: Task<TestPostgres, any Error>
        if let start {
            starting = start
        } else {
            starting = Task { try await TestPostgres.start() }
            start = starting
        }
        do {
            return try await starting.value
        } catch {
            if start == starting { start = nil }
            throw error
        }
    }
}

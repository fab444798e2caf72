import Foundation
import TestServerSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real Synapse homeserver on 127.0.0.1 for integration tests, run from a Python venv (see
/// Synapse/install-synapse.sh) with a fresh SQLite database in its own folder, or on an empty
/// PostgreSQL database (`SynapseDatabase.postgres`).
///
/// The server is stopped, and its folder removed, when the test process exits (an atexit hook,
/// and a watchdog script for crashes); `stop()` and `start()` stop and restart it earlier with
/// the same port and data.
public final class SynapseServer: Sendable {
    public let port: Int
    public let serverName: String
    /// The instance folder: homeserver.yaml, homeserver.db, media_store/, homeserver.log, ...
    public let directory: URL

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The `registration_shared_secret` of Synapse/homeserver.yaml.in.
    static let registrationSharedSecret = "test-shared-secret-not-for-production"

    /// Generous: the first start creates the database schema, and on a busy 2-core machine
    /// (parallel compiles) that can take several times the usual 4-7 s.
    static let readinessTimeout: Duration = .seconds(120)

    private init(port: Int, directory: URL) {
        self.port = port
        self.serverName = "localhost"
        self.directory = directory
    }

    /// A new server: installs the venv if missing (about 80 s the first time on a machine),
    /// picks a free port and a fresh folder, and returns once /_matrix/client/versions answers.
    public static func start(database: SynapseDatabase = .sqlite) async throws -> SynapseServer {
        try await SynapseInstall.ensureInstalled()
        let directory = try SynapseInstance.create()
        ExitCleanup.register(directory, pidFiles: ["synapse.pid", "watchdog.pid"])
        // Read by start-synapse.sh after homeserver.yaml, whose `database` it replaces.
        if let configuration = try database.configuration() {
            try Data(configuration.utf8).write(to: directory.appendingPathComponent("database.yaml"))
        }
        let server = SynapseServer(port: try await FreePorts.allocate(1)[0], directory: directory)
        do {
            try await server.start()
        } catch {
            // Leave nothing behind for a server the caller never got; the log tail is in `error`.
            try? await server.runStop(remove: true)
            throw error
        }
        return server
    }

    /// The server of this test process, started on first use; concurrent first callers share
    /// one start. Tests on it should use unique user names (`uniqueLocalpart`) and their own rooms.
    public static func shared() async throws -> SynapseServer {
        try await SharedSynapse.registry.server()
    }

    /// Starts the server again after `stop()`, with the same port and data; returns once ready.
    /// Does nothing if it is running.
    public func start() async throws {
        let started = ContinuousClock.now
        try await SynapseScripts.run(
            "start-synapse.sh",
            arguments: [directory.path, String(port)],
            environment: ["MATRIX_OWNER_PID": String(getpid())],
            log: directory.appendingPathComponent("scripts.log"),
            describeFailure: { [directory] in SynapseInstance.logTail(directory) }
        )
        try await waitUntilReady()
        Diagnostics.note("Synapse on \(baseURL) ready in \(Diagnostics.seconds(ContinuousClock.now - started))")
    }

    /// Stops the server (SIGTERM, SIGKILL after 10 s) and returns once its port is closed.
    /// The data stays for a later `start()`.
    public func stop() async throws {
        try await runStop(remove: false)
        let deadline = ContinuousClock.now + .seconds(10)
        while await PortProbe.isOpen(port) {
            guard ContinuousClock.now < deadline else {
                throw SynapseServerError.portStillOpen(port: port, after: .seconds(10))
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    private func runStop(remove: Bool) async throws {
        try await SynapseScripts.run(
            "stop-synapse.sh",
            arguments: remove ? [directory.path, "--remove"] : [directory.path],
            log: SynapseInstance.root.appendingPathComponent("stop-synapse.log"),
            describeFailure: { [directory] in SynapseInstance.logTail(directory) }
        )
    }

    /// Polls GET /_matrix/client/versions; fails fast if the process has exited.
    private func waitUntilReady() async throws {
        let deadline = ContinuousClock.now + Self.readinessTimeout
        while true {
            if let response = try? await MatrixTestHTTP.send(
                "GET", baseURL: baseURL, path: "/_matrix/client/versions", timeout: .seconds(5)
            ), response.isSuccess {
                return
            }
            guard SynapseInstance.isSynapseRunning(directory) else {
                throw SynapseServerError.exitedDuringStartup(log: SynapseInstance.logTail(directory))
            }
            guard ContinuousClock.now < deadline else {
                throw SynapseServerError.notReady(after: Self.readinessTimeout, log: SynapseInstance.logTail(directory))
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}

/// Where a Synapse keeps its data.
public enum SynapseDatabase: Sendable {
    /// A SQLite file in the instance folder, as the tests use: quick to make, and Synapse's
    /// documentation calls it fit for testing only.
    case sqlite
    /// An empty PostgreSQL database on 127.0.0.1 (UTF-8, C collation, as Synapse requires), as
    /// a homeserver with real traffic is run.
    case postgres(port: Int, user: String, password: String, database: String)

    /// Synapse's `database` section for it, as YAML (JSON is YAML); nil for the template's own.
    func configuration() throws -> String? {
        guard case .postgres(let port, let user, let password, let database) = self else { return nil }
        let section = Section(
            database: .init(
                name: "psycopg2",
                args: .init(
                    host: "127.0.0.1", port: port, user: user, password: password, database: database,
                    sslmode: "disable", cp_min: 1, cp_max: 10)))
        return String(decoding: try JSONEncoder().encode(section), as: UTF8.self)
    }

    private struct Section: Encodable {
        struct Database: Encodable {
            let name: String
            let args: Arguments
        }
        // Synapse's names for psycopg2's connection arguments and its pool's bounds.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        struct Arguments: Encodable {
            let host: String
            let port: Int
            let user: String
            let password: String
            let database: String
            /// Loopback: TLS would only add a handshake and encryption to every query.
            let sslmode: String
            let cp_min: Int
            let cp_max: Int
        }
        let database: Database
    }
}

import Foundation
import TestServerSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real Synapse homeserver on 127.0.0.1 for integration tests, run from a Python venv (see
/// Synapse/install-synapse.sh) with a fresh SQLite database in its own folder.
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
    public static func start() async throws -> SynapseServer {
        try await SynapseInstall.ensureInstalled()
        let directory = try SynapseInstance.create()
        ExitCleanup.register(directory, pidFiles: ["synapse.pid", "watchdog.pid"])
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

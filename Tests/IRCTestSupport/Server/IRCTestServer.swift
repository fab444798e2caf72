import Foundation
import TestServerSupport

/// A real IRC server running on 127.0.0.1 for one test process, in its own folder on free ports.
///
/// `start` makes a fresh instance (use it for tests that stop or restart their server);
/// `shared` hands every test of the process the same instance of a kind (never stop or
/// restart that one). Instances are stopped at process exit by an atexit hook, after a crash
/// by their watchdog, and in any case by Servers/stop-all.sh.
public final class IRCTestServer: Sendable {
    public enum Kind: Sendable {
        /// InspIRCd 3 + Atheme 7.2: CAP LS 302, SASL PLAIN/EXTERNAL, IRCv3 tags, TLS.
        case inspircdAtheme
        /// ngIRCd 26: plain RFC IRC, no IRCv3 beyond CAP LS with multi-prefix.
        case ngircd
    }

    public let kind: Kind
    public let ports: IRCServerPorts
    /// The instance's working folder (configs, cert, logs/, run/).
    public let directory: URL
    /// InspIRCd's server-link port that Atheme connects to; 0 for ngIRCd.
    let linkPort: Int
    /// ngIRCd's `MaxNickLength`, when a test asked for one (30 otherwise).
    let maxNickLength: Int?

    /// PEM of the instance's self-signed server cert (CN=localhost, SAN localhost and
    /// 127.0.0.1): pass it as the trusted certificate to connect with TLS.
    public var tlsCertificatePath: String {
        directory.appendingPathComponent("tls-cert.pem").path
    }

    init(kind: Kind, ports: IRCServerPorts, linkPort: Int, directory: URL, maxNickLength: Int? = nil) {
        self.kind = kind
        self.ports = ports
        self.linkPort = linkPort
        self.directory = directory
        self.maxNickLength = maxNickLength
    }

    /// Starts a fresh instance on free ports in a new folder and returns once it is ready
    /// (InspIRCd: once CAP LS 302 offers "sasl=" with mechanisms, i.e. Atheme has linked).
    /// `maxNickLength` (ngIRCd only) makes a server with short nicks, as ircu and irc2 have.
    public static func start(_ kind: Kind, maxNickLength: Int? = nil) async throws -> IRCTestServer {
        if maxNickLength != nil, kind != .ngircd {
            throw IRCTestServerError.unsupported("maxNickLength is an ngIRCd setting, not one of \(kind)")
        }
        // `FreePorts` closes its listeners before the server binds the ports, and another process
        // (a bot or a stand-in asking the kernel for any free port) can take one in between: the
        // server then cannot listen there, readiness (which asks for an IRC answer) never comes,
        // and the start is tried again on other ports.
        for _ in 1..<startAttempts {
            if let server = try? await startOnce(kind, maxNickLength: maxNickLength) { return server }
        }
        return try await startOnce(kind, maxNickLength: maxNickLength)
    }

    /// One start on free ports in a new folder, stopped again if it does not become ready.
    private static func startOnce(_ kind: Kind, maxNickLength: Int?) async throws -> IRCTestServer {
        let directory = try InstanceDirectory.create(named: kind.folderPrefix)
        let free = try await FreePorts.allocate(kind.portCount)
        let server =
            switch kind {
            case .inspircdAtheme:
                IRCTestServer(
                    kind: kind, ports: IRCServerPorts(plain: free[0], relaxed: free[1], tls: free[2]),
                    linkPort: free[3], directory: directory)
            case .ngircd:
                IRCTestServer(
                    kind: kind, ports: IRCServerPorts(plain: free[0], relaxed: free[0], tls: free[1]),
                    linkPort: 0, directory: directory, maxNickLength: maxNickLength)
            }
        ExitCleanup.register(directory, pidFiles: JobFiles.allNames.map { "run/\($0).job" })
        do {
            try await server.launch()
            try await server.waitUntilReady()
            return server
        } catch {
            try? await server.stop()
            throw error
        }
    }

    /// Starts tried before giving up (`start`).
    static let startAttempts = 3

    /// One instance per kind for the whole test process, started on first use; concurrent
    /// callers get the same instance. Do not stop or restart it: other tests use it.
    public static func shared(_ kind: Kind) async throws -> IRCTestServer {
        try await SharedServers.registry.server(kind)
    }

    /// Stops the server processes (InspIRCd and Atheme both) and waits until the ports are closed.
    public func stop() async throws {
        try await ServerScripts.run("stop.sh", arguments: [directory.path], instance: directory)
        let ports = allPorts
        try await Readiness.poll(
            "\(kind) ports still open after stop", timeout: .seconds(10),
            log: { InstanceDirectory.logTail(directory) }
        ) {
            for port in ports where await PortProbe.isOpen(port) {
                return false
            }
            return true
        }
    }

    /// Stops, then starts again on the same ports in the same folder (same cert, same
    /// services database); returns once ready again.
    public func restart() async throws {
        try await stop()
        try await launch()
        try await waitUntilReady()
    }
}

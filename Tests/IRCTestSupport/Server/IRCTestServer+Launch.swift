import Foundation
import TestServerSupport

/// Starting the processes of an instance and telling when they are ready.
extension IRCTestServer {
    var allPorts: [Int] {
        [ports.plain, ports.relaxed, ports.tls, linkPort].filter { $0 != 0 }
    }

    func scriptEnvironment(only: String = "") -> [String: String] {
        var environment = [
            "IRC_DIR": directory.path,
            "IRC_PLAIN_PORT": String(ports.plain),
            "IRC_RELAXED_PORT": String(ports.relaxed),
            "IRC_TLS_PORT": String(ports.tls),
            "IRC_LINK_PORT": String(linkPort),
            // The watchdog stops the servers if this process dies without running atexit.
            "IRC_OWNER_PID": String(ProcessInfo.processInfo.processIdentifier),
            "IRC_ONLY": only,
        ]
        if let maxNickLength { environment["IRC_MAX_NICK_LENGTH"] = String(maxNickLength) }
        return environment
    }

    func launch() async throws {
        try await ServerScripts.run(kind.startScript, environment: scriptEnvironment(), instance: directory)
    }

    func waitUntilReady() async throws {
        let directory = directory
        let processes = kind.processNames
        try await Readiness.poll(
            "\(kind) in \(directory.path) not ready",
            log: { InstanceDirectory.logTail(directory) },
            failure: {
                let dead = JobFiles.deadProcesses(directory, processes)
                return dead.isEmpty ? nil : "\(dead.joined(separator: ", ")) exited"
            },
            until: { await isReady() }
        )
    }

    private func isReady() async -> Bool {
        switch kind {
        case .ngircd:
            // An answer to CAP LS, not only an open port: another program may have bound the
            // port first (`IRCTestServer.start`), and then it is what answers there.
            guard await PortProbe.capabilities(port: ports.plain) != nil else { return false }
            return await PortProbe.isOpen(ports.tls)
        case .inspircdAtheme:
            guard await PortProbe.isOpen(ports.tls), await PortProbe.isOpen(ports.plain) else { return false }
            // Asked on the relaxed port so that probing never trips the default flood limits.
            guard let offered = await PortProbe.capabilities(port: ports.relaxed) else { return false }
            return !(offered["sasl"] ?? "").isEmpty
        }
    }
}

extension IRCTestServer.Kind {
    var startScript: String {
        switch self {
        case .inspircdAtheme: "start-inspircd-atheme.sh"
        case .ngircd: "start-ngircd.sh"
        }
    }

    var processNames: [String] {
        switch self {
        case .inspircdAtheme: ["inspircd", "atheme"]
        case .ngircd: ["ngircd"]
        }
    }

    var folderPrefix: String {
        switch self {
        case .inspircdAtheme: "inspircd"
        case .ngircd: "ngircd"
        }
    }

    /// InspIRCd: plain, relaxed, TLS, services link. ngIRCd: plain, TLS.
    var portCount: Int {
        switch self {
        case .inspircdAtheme: 4
        case .ngircd: 2
        }
    }
}

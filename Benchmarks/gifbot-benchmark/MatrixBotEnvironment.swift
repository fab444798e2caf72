import Foundation
import GiphyStandIn
import MatrixTestSupport

/// What the benchmark's Matrix scenarios start the shipped `gifbot run` with: one account on
/// the harness's Synapse, GIFs from the GIPHY stand-in, no cooldown, warnings only. Scenarios
/// add their own (the database, media hosts, IRC) on top.
enum MatrixBotEnvironment {
    static func make(
        server: SynapseServer, user: String, password: String, inviteAllow: [String], encrypted: Bool,
        standIn: GiphyStandIn
    ) -> [String: String] {
        [
            "MATRIX_HOMESERVER": server.baseURL, "MATRIX_USER": user, "MATRIX_PASSWORD": password,
            "MATRIX_INVITE_ALLOW": inviteAllow.joined(separator: ","), "MATRIX_E2EE": encrypted ? "true" : "false",
            "GIPHY_API_KEY": GiphyStandIn.defaultAPIKey, "GIPHY_BASE_URL": standIn.baseURL,
            "BOT_COOLDOWN_COMMANDS": "0", "LOG_LEVEL": "warning",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
    }

    /// The GIFs uploaded: from the stand-in, which serves them on loopback as a media mirror.
    static func uploading(from standIn: GiphyStandIn, database: URL) -> [String: String] {
        [
            "MEDIA_HOSTS": "http://127.0.0.1:\(standIn.port)", "MEDIA_ALLOW_PRIVATE_ADDRESSES": "true",
            "DATABASE_URL": database.path,
        ]
    }

    /// Scenario 9's bot in one room: GIFs uploaded, its own database, the ops endpoint on (as
    /// deployed) so the scenario can wait for `/readyz`.
    static func oneRoom(
        server: SynapseServer, user: String, password: String, inviteAllow: [String], encrypted: Bool,
        standIn: GiphyStandIn, database: URL, opsPort: Int
    ) -> [String: String] {
        make(
            server: server, user: user, password: password, inviteAllow: inviteAllow, encrypted: encrypted,
            standIn: standIn
        ).merging(uploading(from: standIn, database: database)) { $1 }.merging(["OPS_PORT": String(opsPort)]) { $1 }
    }
}

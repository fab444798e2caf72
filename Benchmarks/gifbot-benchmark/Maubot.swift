import Foundation
import GiphyStandIn
import MatrixTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// maubot, the Python bot scenario 12 sets GifBot beside: from its venv (`scripts/install-test-deps`
/// makes it), in standalone mode, the way maubot's documentation deploys a single bot: one
/// account, one plugin (`Benchmarks/maubot-giphy`), its own SQLite database.
enum Maubot {
    /// The venv's Python; throws when the venv is missing rather than leaving the figures out.
    static func python() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["GIFBOT_CACHE"] ?? (NSHomeDirectory() + "/.cache/gifbot")
        let python = cache + "/maubot-venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw BenchmarkError.childFailed("maubot's venv is missing: run scripts/install-test-deps")
        }
        return python
    }

    /// `Benchmarks/maubot-giphy`, the plugin.
    static var plugin: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("maubot-giphy")
    }

    /// maubot for `user` (already in its room), not yet started: its config and database in
    /// `folder`, its log in `folder/maubot.log`.
    static func process(
        python: String, user: MatrixTestUser, server: SynapseServer, standIn: GiphyStandIn, folder: URL
    ) throws -> Process {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // JSON is YAML. Events of the first syncs are handled, not skipped (maubot's default):
        // a command sent while it starts is answered once its first sync brings it.
        let config: [String: Any] = [
            "user": [
                "credentials": [
                    "id": user.userID, "homeserver": server.baseURL, "access_token": user.accessToken,
                    "device_id": NSNull(),
                ],
                "sync": true, "autojoin": false, "displayname": "disable", "avatar_url": "disable",
                "ignore_initial_sync": false, "ignore_first_sync": false,
            ],
            "database": "sqlite:maubot.db",
            "logging": [
                "version": 1,
                "handlers": ["console": ["class": "logging.StreamHandler"]],
                "root": ["level": "WARNING", "handlers": ["console"]],
            ],
        ]
        let configFile = folder.appendingPathComponent("config.yaml")
        try JSONSerialization.data(withJSONObject: config).write(to: configFile)
        let log = folder.appendingPathComponent("maubot.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            "-m", "maubot.standalone", "-m", plugin.appendingPathComponent("maubot.yaml").path, "-c", configFile.path,
        ]
        process.currentDirectoryURL = folder
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path,
            "PYTHONDONTWRITEBYTECODE": "1", "BENCH_GIPHY_URL": standIn.baseURL,
            "BENCH_GIPHY_KEY": GiphyStandIn.defaultAPIKey,
        ]
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        return process
    }

    /// Stops maubot: SIGTERM, then SIGKILL after ten seconds. Its standalone mode turns SIGTERM
    /// into an interrupt, and the stop that follows can wait on its long-polling sync for good.
    static func stop(_ process: Process) async {
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        #if canImport(Glibc)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        #endif
        process.waitUntilExit()
    }
}

import Foundation
import GiphyStandIn
import IRCTestSupport
import TestServerSupport
import Testing

@testable import GifBotApp
@testable import GifBotCore
@testable import GifBotWeb

/// The web gallery in a real browser (issue 25): `gifbot run` on InspIRCd with the GIPHY stand-in
/// and the gallery on, and Tests/Browser/gallery_browser_test.py driving headless Chromium
/// (Selenium, from the venv scripts/install-test-deps makes) and its own IRC connection.
@Suite(.timeLimit(.minutes(3))) struct GalleryBrowserTests {
    @Test func theGalleryWorksInChromiumAgainstTheBotOnIRC() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withConsole { harness in
            let suffix = String(UUID().uuidString.prefix(5)).lowercased()
            let channel = "#web-\(suffix)", botNick = "gbweb\(suffix)", nick = "ann\(suffix)"
            let webPort = try await FreePorts.allocate(1)[0]
            let baseURL = "http://127.0.0.1:\(webPort)"
            let environment = harness.environment([
                "IRC_HOST": "127.0.0.1", "IRC_PORT": String(server.ports.relaxed), "IRC_TLS": "false",
                "IRC_CHANNELS": channel, "IRC_NICK": botNick, "WEB_PORT": String(webPort),
                "WEB_BASE_URL": baseURL,
            ])
            // The secret made before the bot starts, so that this test can sign an expired link
            // with it (the bot keeps the one it finds).
            let runtime = try await harness.runtime()
            let access = WebAccess(store: runtime.store, settings: WebSettings(port: webPort, baseURL: baseURL))
            let expired = try await access.token(
                for: LoginTicket(
                    nonce: "expired", user: UserKey(network: "irc", userID: nick), channel: nil,
                    expiresAt: Date().addingTimeInterval(-60)))

            // GIFs the stand-in serves itself, on loopback, which the pages' CSP allows as it allows
            // the source's own host: the screenshots show GIFs, not their titles.
            harness.standIn.override("/v1/gifs/search", with: Self.searchServedHere(harness.standIn))

            let watcher = try await TestIRCClient.connect(port: server.ports.relaxed, nick: "watch\(suffix)")
            try await watcher.join(channel)
            let bot = try harness.launch(["run"], environment: environment)
            _ = try await watcher.waitFor(timeout: .seconds(30)) { $0.command == "JOIN" && $0.sourceNick == botNick }

            let output = Self.outputDirectory
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let result = try await Self.runBrowserScript(
                environment: [
                    "IRC_PORT": String(server.ports.relaxed), "CHANNEL": channel, "BOT_NICK": botNick,
                    "USER_NICK": nick,
                    "EXPIRED_LINK": "\(baseURL)/login?token=\(expired)", "OUTPUT_DIR": output.path,
                    "WEB_BASE_URL": baseURL,
                ], log: harness.directory.appendingPathComponent("browser.log"))
            #expect(result.status == 0, "browser script:\n\(result.output)")
            #expect(result.output.contains("all browser checks passed"))
            for screenshot in ["favorites-grid.png", "gif-page.png"] {
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(screenshot).path))
            }
            bot.signal(SIGTERM)
            let finished = await bot.finish(timeout: .seconds(15))
            #expect(finished.status == 0)
            #expect(!finished.stderr.contains("token="), "request logs never hold a login token")
        }
    }

    /// A search answer of three GIFs whose renditions the stand-in serves (`/media/<id>/<size>.gif`,
    /// each a small animated GIF of its own colours), with GIPHY's rendition names and sizes.
    static func searchServedHere(_ standIn: GiphyStandIn) -> StandInResponse {
        let renditions: [(String, Int, Int)] = [
            ("fixed_width_small", 100, 12_000), ("fixed_height_small", 133, 14_000), ("fixed_height", 267, 60_000),
            ("downsized", 480, 240_000), ("original", 480, 900_000),
        ]
        let gifs: [[String: Any]] = [("cat-nap", "Cat nap"), ("cat-jump", "Cat jump"), ("cat-box", "Cat in a box")]
            .map { id, title in
                var images: [String: [String: String]] = [:]
                for (name, width, size) in renditions {
                    images[name] = [
                        "url": "\(standIn.baseURL)/media/\(id)/\(size).gif", "width": String(width),
                        "height": String(width * 3 / 4), "size": String(size),
                    ]
                }
                return [
                    "type": "gif", "id": id, "title": title, "rating": "g", "url": "https://giphy.com/gifs/\(id)",
                    "images": images,
                ]
            }
        let body: [String: Any] = [
            "data": gifs, "pagination": ["total_count": gifs.count, "count": gifs.count, "offset": 0],
            "meta": ["status": 200, "msg": "OK", "response_id": "cats"],
        ]
        return StandInResponse(body: Array((try? JSONSerialization.data(withJSONObject: body)) ?? Data()))
    }

    /// .build/gallery-screenshots by default; `GIFBOT_TEST_OUTPUT` chooses another folder.
    static var outputDirectory: URL {
        if let chosen = ProcessInfo.processInfo.environment["GIFBOT_TEST_OUTPUT"] {
            return URL(fileURLWithPath: chosen).appendingPathComponent("gallery")
        }
        return packageRoot.appendingPathComponent(".build/gallery-screenshots")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Runs `script` (in Tests/Browser) with the browser venv's Python; its status and output.
    static func runBrowserScript(
        _ script: String = "gallery_browser_test.py", environment: [String: String], log: URL
    ) async throws -> (status: Int32, output: String) {
        let cache = ProcessInfo.processInfo.environment["GIFBOT_CACHE"] ?? (NSHomeDirectory() + "/.cache/gifbot")
        let python = cache + "/browser-venv/bin/python"
        #expect(
            FileManager.default.isExecutableFile(atPath: python),
            "run scripts/install-test-deps: it makes the browser venv")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [packageRoot.appendingPathComponent("Tests/Browser/\(script)").path]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        let status: Int32 = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
                do { try process.run() } catch { continuation.resume(throwing: error) }
            }
        } onCancel: {
            process.terminate()
        }
        withExtendedLifetime(process) {}
        try handle.close()
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}

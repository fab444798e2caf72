import Foundation
import GiphyStandIn
import IRCTestSupport
import TestServerSupport
import Testing

/// The GIF picker in a real browser (issue 35): `gifbot run` on InspIRCd with the GIPHY stand-in
/// serving its recorded search (50 GIFs, some rated pg) with the GIFs' media on loopback, and
/// Tests/Browser/picker_browser_test.py signing in from `!web`, searching, paging, starring and
/// posting, with JavaScript and without, while its own IRC connection watches the channel.
@Suite(.timeLimit(.minutes(4))) struct PickerBrowserTests {
    @Test func aPersonPicksAndPostsAGIFFromChromiumIntoTheChannel() async throws {
        let server = try await IRCTestServer.shared(.inspircdAtheme)
        try await withConsole { harness in
            let suffix = String(UUID().uuidString.prefix(5)).lowercased()
            let channel = "#pick-\(suffix)", botNick = "gbpick\(suffix)", nick = "ann\(suffix)"
            let webPort = try await FreePorts.allocate(1)[0]
            let baseURL = "http://127.0.0.1:\(webPort)"
            harness.standIn.serveMediaItself()
            let environment = harness.environment([
                "IRC_HOST": "127.0.0.1", "IRC_PORT": String(server.ports.relaxed), "IRC_TLS": "false",
                "IRC_CHANNELS": channel, "IRC_NICK": botNick, "WEB_PORT": String(webPort),
                "WEB_BASE_URL": baseURL,
            ])
            // The first to join is the channel's operator, who sets its rating and cool-down.
            let operatorNick = "op\(suffix)"
            let op = try await TestIRCClient.connect(port: server.ports.relaxed, nick: operatorNick)
            try await op.join(channel)
            let bot = try harness.launch(["run"], environment: environment)
            _ = try await op.waitFor(timeout: .seconds(30)) { $0.command == "JOIN" && $0.sourceNick == botNick }
            for (command, answer) in [("!rating g", "at most g"), ("!cooldown 6 900", "6 commands")] {
                try await op.say(channel, command)
                _ = try await op.waitFor(timeout: .seconds(10)) {
                    $0.sourceNick == botNick && $0.text.hasPrefix("\(operatorNick): ") && $0.text.contains(answer)
                }
            }

            let output = GalleryBrowserTests.outputDirectory
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let result = try await GalleryBrowserTests.runBrowserScript(
                "picker_browser_test.py",
                environment: [
                    "IRC_PORT": String(server.ports.relaxed), "CHANNEL": channel, "BOT_NICK": botNick,
                    "USER_NICK": nick, "OUTPUT_DIR": output.path, "WEB_BASE_URL": baseURL, "EXPIRED_LINK": "",
                    "SEARCH_FIXTURE": GalleryBrowserTests.packageRoot.appendingPathComponent(
                        "Tests/GiphyStandIn/Fixtures/react_api_search_2023.json"
                    ).path,
                ], log: harness.directory.appendingPathComponent("picker-browser.log"))
            #expect(result.status == 0, "browser script:\n\(result.output)")
            #expect(result.output.contains("all picker checks passed"))
            for screenshot in ["picker-grid.png", "picker-gif-page.png"] {
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(screenshot).path))
            }
            bot.signal(SIGTERM)
            let finished = await bot.finish(timeout: .seconds(15))
            #expect(finished.status == 0)
            #expect(!finished.stderr.contains("token="), "request logs never hold a login token")
            #expect(!finished.stderr.contains("notice="), "nor a notice's address")
        }
    }
}

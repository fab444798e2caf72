import Foundation
import GiphyStandIn
import Matrix
import MatrixTestSupport
import TestServerSupport
import Testing

/// The picker as a Matrix room widget in Chromium (issue 35): `gifbot run` on Synapse with the
/// gallery and a widget origin; `!picker on` puts the widget in the room's state;
/// Tests/Browser/widget_browser_test.py plays Element (another origin, the widget API, a real
/// OpenID token Synapse issued to the person) and posts from the framed picker; the room sees the
/// GIF, named as picked by that person.
@Suite(.timeLimit(.minutes(4))) struct PickerWidgetBrowserTests {
    @Test func aWidgetInElementsPlaceOpensThePickerAndPostsIntoTheRoom() async throws {
        let synapse = try await SynapseServer.shared()
        try await withConsole { harness in
            let botUser = try await synapse.registerUser(SynapseServer.uniqueLocalpart("gifbot"), password: "bot-pw-22")
                .userID
            let human = try await synapse.registerUser(SynapseServer.uniqueLocalpart("wanda"), password: "wanda-pw")
            let wanda = MatrixTestClient(server: synapse, user: human)
            let ports = try await FreePorts.allocate(3)
            let (webPort, elementPort, strangerPort) = (ports[0], ports[1], ports[2])
            let baseURL = "http://127.0.0.1:\(webPort)"
            harness.standIn.serveMediaItself()
            let environment = harness.environment([
                "MATRIX_HOMESERVER": synapse.baseURL, "MATRIX_USER": botUser, "MATRIX_PASSWORD": "bot-pw-22",
                "MATRIX_INVITE_ALLOW": human.userID, "MATRIX_ENCRYPTION": "false",
                "MEDIA_HOSTS": "http://127.0.0.1:\(harness.standIn.port)", "MEDIA_ALLOW_PRIVATE_ADDRESSES": "true",
                "WEB_PORT": String(webPort), "WEB_BASE_URL": baseURL,
                "WEB_WIDGET_ORIGINS": "http://127.0.0.1:\(elementPort)",
            ])
            let room = try await wanda.createRoom(name: "widget", invite: [botUser])
            let bot = try harness.launch(["run"], environment: environment)
            _ = try await wanda.waitForEvent(in: room, timeout: .seconds(30)) {
                $0.stateKey == botUser && $0.membership == "join"
            }
            // Wanda made the room: a moderator there, so one of its admins. The bot needs the power
            // to set room state first, and says which level when it lacks it (wanda, the creator,
            // outranks every level: room version 12 lists no creator among the users).
            let early = try await wanda.sendText("!picker on", to: room)
            let refused = try await wanda.waitForEvent(in: room) { $0.sender == botUser && $0.inReplyTo == early }
            #expect(
                refused.body
                    == "I need power level 50 in this room to add its widget (I have 0); a moderator can raise mine.")
            let levels: JSONValue = .object([
                "users": .object([botUser: .number(50)]), "users_default": .number(0),
                "state_default": .number(50), "events_default": .number(0), "ban": .number(50), "kick": .number(50),
                "redact": .number(50), "invite": .number(0),
            ])
            try await wanda.setState("m.room.power_levels", content: levels, in: room)
            let command = try await wanda.sendText("!picker on", to: room)
            let added = try await wanda.waitForEvent(in: room) { $0.sender == botUser && $0.inReplyTo == command }
            #expect(added.body?.hasPrefix("Added the GIFs widget") == true, "\(added.body ?? "")")
            let path = "/_matrix/client/v3/rooms/\(Self.segment(room))/state/im.vector.modular.widgets/gifbot_picker"
            let widget = try #require(try await wanda.request("GET", path).requireSuccess().json)
            let widgetURL = try #require(widget["url"]?.stringValue)
            #expect(widgetURL.hasPrefix("\(baseURL)/w/") && widget["type"]?.stringValue == "m.custom")
            let openID = try #require(
                try await wanda.request(
                    "POST", "/_matrix/client/v3/user/\(Self.segment(human.userID))/openid/request_token",
                    json: .object([:])
                ).requireSuccess().json)

            let output = GalleryBrowserTests.outputDirectory
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let result = try await GalleryBrowserTests.runBrowserScript(
                "widget_browser_test.py",
                environment: [
                    "WIDGET_URL": widgetURL, "ROOM_ID": room,
                    "OPENID_TOKEN": try #require(openID["access_token"]?.stringValue),
                    "OPENID_SERVER": try #require(openID["matrix_server_name"]?.stringValue),
                    "ELEMENT_PORT": String(elementPort), "STRANGER_PORT": String(strangerPort),
                    "OUTPUT_DIR": output.path, "WEB_BASE_URL": baseURL,
                    // What the gallery test's module reads when the widget test borrows its helpers.
                    "IRC_PORT": "0", "CHANNEL": "", "BOT_NICK": "", "USER_NICK": "", "EXPIRED_LINK": "",
                ], log: harness.directory.appendingPathComponent("widget-browser.log"))
            #expect(result.status == 0, "browser script:\n\(result.output)")
            #expect(result.output.contains("all widget checks passed"))
            let picked = try await wanda.waitForEvent(in: room, timeout: .seconds(20)) {
                $0.sender == botUser && $0.msgtype == "m.image"
            }
            #expect(picked.body?.hasPrefix("\(human.userID) picked: ") == true, "\(picked.body ?? "")")

            let off = try await wanda.sendText("!picker off", to: room)
            let removed = try await wanda.waitForEvent(in: room) { $0.sender == botUser && $0.inReplyTo == off }
            #expect(removed.body == "Removed the GIFs widget.")
            #expect(
                try await wanda.request("GET", path).requireSuccess().json?.jsonText == "{}",
                "the widget's state emptied")

            bot.signal(SIGTERM)
            let finished = await bot.finish(timeout: .seconds(15))
            #expect(finished.status == 0)
            #expect(
                !finished.stderr.contains(try #require(openID["access_token"]?.stringValue)), "no OpenID token in logs")
            #expect(!finished.stderr.contains("wt="), "nor a widget token")
        }
    }

    /// A path segment, every character but letters and digits escaped (room and user ids).
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

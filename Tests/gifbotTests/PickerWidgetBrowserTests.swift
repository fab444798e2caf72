import Foundation
import GiphyStandIn
import Matrix
import MatrixTestSupport
import TestServerSupport
import Testing

/// The picker as a Matrix room widget in Chromium, in an encrypted room (issue 35): `gifbot run`
/// on Synapse with encryption on, the gallery and a widget origin. A mautrix peer with Element's
/// key policy (Tests/MatrixPeer/widget_peer.py) makes the encrypted room and turns the picker on;
/// Tests/Browser/widget_browser_test.py plays Element's side of the widget API (another origin, a
/// real OpenID token Synapse issued to the peer) and posts from the framed picker; the peer
/// decrypts the bot's image, named as picked by it, and its attachment.
@Suite(.timeLimit(.minutes(4))) struct PickerWidgetBrowserTests {
    struct PeerResult: Decodable {
        let ok: Bool
        let error: String?
        let refusedBody: String?
        let addedBody: String?
        let pickedBody: String?
        let pickedMentions: JSONValue?
        let pickedHasURL: Bool?
        let pickedGifMagic: String?
        let pickedGifBytes: Int?
        let pickedInfoSize: Int?
        let removedBody: String?

        enum CodingKeys: String, CodingKey {
            case ok, error
            case refusedBody = "refused_body", addedBody = "added_body", pickedBody = "picked_body"
            case pickedMentions = "picked_mentions", pickedHasURL = "picked_has_url"
            case pickedGifMagic = "picked_gif_magic", pickedGifBytes = "picked_gif_bytes"
            case pickedInfoSize = "picked_info_size", removedBody = "removed_body"
        }
    }

    /// What the peer hands over once the widget is in the room: its state and the OpenID token.
    struct Handover: Decodable {
        let room: String
        let roomName: String
        let widget: JSONValue
        let openid: JSONValue

        enum CodingKeys: String, CodingKey {
            case room, widget, openid
            case roomName = "room_name"
        }
    }

    @Test func aWidgetInElementsPlaceOpensThePickerAndPostsIntoAnEncryptedRoom() async throws {
        let synapse = try await SynapseServer.shared()
        try await withConsole { harness in
            let botUser = try await synapse.registerUser(SynapseServer.uniqueLocalpart("gifbot"), password: "bot-pw-22")
                .userID
            let human = try await synapse.registerUser(SynapseServer.uniqueLocalpart("wanda"), password: "wanda-pw-7")
            let ports = try await FreePorts.allocate(3)
            let (webPort, elementPort, strangerPort) = (ports[0], ports[1], ports[2])
            let baseURL = "http://127.0.0.1:\(webPort)"
            harness.standIn.serveMediaItself()
            let environment = harness.environment([
                "MATRIX_HOMESERVER": synapse.baseURL, "MATRIX_USER": botUser, "MATRIX_PASSWORD": "bot-pw-22",
                "MATRIX_INVITE_ALLOW": human.userID,
                "MEDIA_HOSTS": "http://127.0.0.1:\(harness.standIn.port)", "MEDIA_ALLOW_PRIVATE_ADDRESSES": "true",
                "WEB_PORT": String(webPort), "WEB_BASE_URL": baseURL,
                "WEB_WIDGET_ORIGINS": "http://127.0.0.1:\(elementPort)",
            ])
            let bot = try harness.launch(["run"], environment: environment)
            let folder = harness.directory.appendingPathComponent("widget-peer")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let (ready, resultFile) = (
                folder.appendingPathComponent("ready.json"), folder.appendingPathComponent("result.json")
            )
            async let peerRun = CryptoPeers.run(
                "widget_peer.py",
                arguments: [
                    "--homeserver", synapse.baseURL, "--bot", botUser, "--user", human.userID,
                    "--password", "wanda-pw-7", "--ready", ready.path, "--result", resultFile.path,
                ], folder: folder)
            let handover = try await Self.handover(at: ready, orResult: resultFile)
            let widgetURL = try #require(handover.widget["url"]?.stringValue)
            #expect(widgetURL.hasPrefix("\(baseURL)/w/") && handover.widget["type"]?.stringValue == "m.custom")

            let output = GalleryBrowserTests.outputDirectory
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let browser = try await GalleryBrowserTests.runBrowserScript(
                "widget_browser_test.py",
                environment: [
                    "WIDGET_URL": widgetURL, "ROOM_ID": handover.room, "ROOM_NAME": handover.roomName,
                    "OPENID_TOKEN": try #require(handover.openid["access_token"]?.stringValue),
                    "OPENID_SERVER": try #require(handover.openid["matrix_server_name"]?.stringValue),
                    "ELEMENT_PORT": String(elementPort), "STRANGER_PORT": String(strangerPort),
                    "OUTPUT_DIR": output.path, "WEB_BASE_URL": baseURL,
                    // What the gallery test's module reads when the widget test borrows its helpers.
                    "IRC_PORT": "0", "CHANNEL": "", "BOT_NICK": "", "USER_NICK": "", "EXPIRED_LINK": "",
                ], log: harness.directory.appendingPathComponent("widget-browser.log"))
            #expect(browser.status == 0, "browser script:\n\(browser.output)")
            #expect(browser.output.contains("all widget checks passed"))

            let (status, log) = try await peerRun
            let data = try #require(
                FileManager.default.contents(atPath: resultFile.path), "no result: \(log.suffix(3000))")
            let peer = try JSONDecoder().decode(PeerResult.self, from: data)
            #expect(status == 0 && peer.ok, "peer: \(peer.error ?? "") \(log.suffix(3000))")
            // The peer made the room: a moderator there, so one of its admins. The bot needs the
            // power to set room state first, and says which level when it lacks it (the creator
            // outranks every level: room version 12 lists no creator among the users).
            #expect(
                peer.refusedBody
                    == "I need power level 50 in this room to add its widget (I have 0); a moderator can raise mine.")
            #expect(peer.addedBody?.hasPrefix("Added the GIFs widget") == true, "\(peer.addedBody ?? "")")
            #expect(peer.pickedBody?.hasPrefix("\(human.userID) picked: ") == true, "\(peer.pickedBody ?? "")")
            #expect(peer.pickedMentions?.jsonText == "{}", "the caption pings nobody")
            #expect(peer.pickedHasURL == false, "an encrypted image carries `file`, not `url`")
            #expect(peer.pickedGifMagic == "GIF89a", "the decrypted attachment is a GIF")
            #expect(peer.pickedGifBytes != nil && peer.pickedGifBytes == peer.pickedInfoSize)
            #expect(peer.removedBody == "Removed the GIFs widget.")

            bot.signal(SIGTERM)
            let finished = await bot.finish(timeout: .seconds(15))
            #expect(finished.status == 0)
            let openID = try #require(handover.openid["access_token"]?.stringValue)
            #expect(!finished.stderr.contains(openID), "no OpenID token in logs")
            #expect(!finished.stderr.contains("wt="), "nor a widget token")
            #expect(!finished.stderr.contains("!picker on"), "nor a decrypted command")
        }
    }

    /// Waits for the peer's handover file (written whole, then renamed into place), or fails with
    /// the peer's error when it finished without one.
    static func handover(at ready: URL, orResult result: URL) async throws -> Handover {
        let deadline = ContinuousClock.now + .seconds(150)
        while ContinuousClock.now < deadline {
            if let data = FileManager.default.contents(atPath: ready.path) {
                return try JSONDecoder().decode(Handover.self, from: data)
            }
            if let data = FileManager.default.contents(atPath: result.path) {
                Issue.record(
                    "the peer finished before the widget was in the room: \(String(decoding: data, as: UTF8.self))")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the peer never put the widget in the room")
        throw CancellationError()
    }
}

import Foundation
import GiphyStandIn
import MatrixTestSupport
import TestServerSupport
import Testing

/// `gifbot run` on Matrix with inline GIFs: a download goes only to an allowed media host, never
/// follows a redirect off it, and ends by `media.timeout` however slowly the body comes, after
/// which the GIF is posted as a link and the room's next command is answered.
@Suite(.serialized, .timeLimit(.minutes(4))) struct RunCommandMediaTests {
    static let mediaTimeout = Duration.seconds(2)

    @Test func downloadsStayOnAllowedHostsAndEndInTime() async throws {
        let synapse = try await SynapseServer.shared()
        try await withConsole { harness in
            try await withCleanUp(try await GiphyStandIn.start(), cleanUp: { try? await $0.stop() }) { elsewhere in
                let standIn = harness.standIn
                let botUser = try await synapse.registerUser(
                    SynapseServer.uniqueLocalpart("gifbot"), password: "bot-password-2"
                ).userID
                let human = try await synapse.registerUser(
                    SynapseServer.uniqueLocalpart("mia"), password: "mia-password")
                let mia = MatrixTestClient(server: synapse, user: human)
                let environment = harness.environment([
                    "MATRIX_HOMESERVER": synapse.baseURL, "MATRIX_USER": botUser, "MATRIX_PASSWORD": "bot-password-2",
                    "MATRIX_INVITE_ALLOW": human.userID, "MATRIX_UPLOAD_GIFS": "true",
                    "MEDIA_HOSTS": "http://127.0.0.1:\(standIn.port)", "MEDIA_ALLOW_PRIVATE_ADDRESSES": "true",
                    "MEDIA_TIMEOUT": "2",
                ])
                let room = try await mia.createRoom(name: "media", invite: [botUser])
                let bot = try harness.launch(["run"], environment: environment)
                _ = try await mia.waitForEvent(in: room, timeout: .seconds(60)) {
                    $0.stateKey == botUser && $0.membership == "join"
                }

                func ask(_ text: String) async throws -> (answer: MatrixTestEvent, elapsed: Duration) {
                    let started = ContinuousClock.now
                    let command = try await mia.sendText(text, to: room)
                    let answer = try await mia.waitForEvent(in: room, timeout: .seconds(30)) {
                        $0.sender == botUser && $0.inReplyTo == command
                    }
                    return (answer, ContinuousClock.now - started)
                }

                // An allowed host: the GIF is downloaded and posted inline.
                standIn.override(
                    "/v1/gifs/search", with: Self.search(id: "okgif1", url: "\(standIn.baseURL)/media/okgif1/3000.gif"))
                let inline = try await ask("!gif fine")
                #expect(inline.answer.msgtype == "m.image" && inline.answer.url?.hasPrefix("mxc://") == true)

                // A trickled body: the link after the media timeout, and the next command right after.
                standIn.override(
                    "/media/slowgif1/3000.gif",
                    with: StandInResponse(body: TestGIF.bytes(size: 3000), contentType: "image/gif").trickled())
                standIn.override(
                    "/v1/gifs/search",
                    with: Self.search(id: "slowgif1", url: "\(standIn.baseURL)/media/slowgif1/3000.gif"))
                let started = ContinuousClock.now
                let slowCommand = try await mia.sendText("!gif slow", to: room)
                let aboutCommand = try await mia.sendText("!about", to: room)
                let slow = try await mia.waitForEvent(in: room, timeout: .seconds(30)) {
                    $0.sender == botUser && $0.inReplyTo == slowCommand
                }
                let about = try await mia.waitForEvent(in: room, timeout: .seconds(30)) {
                    $0.sender == botUser && $0.inReplyTo == aboutCommand
                }
                let waited = ContinuousClock.now - started
                #expect(slow.msgtype == "m.notice" && slow.url == nil, "posted as a link: \(slow)")
                #expect(about.body?.contains("GifBot") == true)
                // The media timeout, plus Synapse's deliveries both ways on a loaded machine; the
                // trickle itself would take 3000 s.
                #expect(waited < Self.mediaTimeout + .seconds(8), "answered after \(waited)")
                #expect(standIn.requests(to: "/media/slowgif1/3000.gif").count == 1)

                // A redirect off the allowed host: not followed.
                standIn.override(
                    "/media/movedgif1/3000.gif", with: .redirect(to: "\(elsewhere.baseURL)/media/movedgif1/3000.gif"))
                standIn.override(
                    "/v1/gifs/search",
                    with: Self.search(id: "movedgif1", url: "\(standIn.baseURL)/media/movedgif1/3000.gif"))
                let moved = try await ask("!gif moved")
                #expect(moved.answer.msgtype == "m.notice" && moved.answer.url == nil)
                #expect(standIn.requests(to: "/media/movedgif1/3000.gif").count == 1)

                // Media named on a host not allowed (the second server, by another name): never fetched.
                standIn.override(
                    "/v1/gifs/search",
                    with: Self.search(id: "fargif1", url: "http://localhost:\(elsewhere.port)/media/fargif1/3000.gif"))
                let far = try await ask("!gif far")
                #expect(far.answer.msgtype == "m.notice" && far.answer.url == nil)

                #expect(
                    elsewhere.requests.isEmpty, "the second server was never asked: \(elsewhere.requests.map(\.path))")
                bot.signal(SIGTERM)
                let result = await bot.finish(timeout: .seconds(15))
                #expect(result.status == 0)
                #expect(result.stderr.contains("media host not allowed"), "the refusal is logged for the operator")
            }
        }
    }

    /// A one-GIF search answer whose only rendition is at `url`.
    static func search(id: String, url: String) -> StandInResponse {
        let rendition = ["url": url, "width": "100", "height": "50", "size": "3000"]
        let gif: [String: Any] = [
            "type": "gif", "id": id, "title": "GIF \(id)", "rating": "g", "url": "https://giphy.com/gifs/\(id)",
            "images": ["downsized": rendition],
        ]
        let body: [String: Any] = [
            "data": [gif], "pagination": ["total_count": 1, "count": 1, "offset": 0],
            "meta": ["status": 200, "msg": "OK", "response_id": "media-\(id)"],
        ]
        return StandInResponse(body: Array(try! JSONSerialization.data(withJSONObject: body)))
    }
}

import Foundation
import GiphyStandIn
import Testing

/// What a GIF source says is checked like what users type (issue 20, item 7): ids that are not
/// ids, ids from another source's namespace, and links that are not https never reach a reply
/// or the store.
@Suite(.timeLimit(.minutes(3))) struct HostileSourceTests {
    static let hostileIDs = [
        "../../../v1/gifs/trending?x=", String(repeating: "x", count: 10_000), "klipy:evil-slug-1", "a b",
    ]
    static let good = "goodgif1"

    static func gif(id: String, url: String = "https://media.giphy.com/media/x/giphy.gif") -> [String: Any] {
        let rendition = ["url": url, "width": "200", "height": "100", "size": "1000"]
        return [
            "type": "gif", "id": id, "title": "Title of \(id.prefix(12))", "rating": "g",
            "url": "https://giphy.com/gifs/x",
            "images": ["downsized": rendition, "fixed_height": rendition, "original": rendition],
        ]
    }

    /// A lookup's answer: one GIF as `data`.
    static func lookup(_ gif: [String: Any]) -> StandInResponse {
        let body: [String: Any] = ["data": gif, "meta": ["status": 200, "msg": "OK", "response_id": "x"]]
        return StandInResponse(body: Array(try! JSONSerialization.data(withJSONObject: body)))
    }

    @Test func hostileIdsAndLinksFromASearchAreNeverShownNorSaved() async throws {
        try await withConsole { harness in
            let hostile =
                Self.hostileIDs.map { Self.gif(id: $0) }
                + [
                    Self.gif(id: "jsgif1", url: "javascript:alert(1)//x.gif"),
                    Self.gif(id: "datagif1", url: "data:image/gif;base64,R0lG"),
                ]
            harness.standIn.override("/v1/gifs/search", with: .searchPage(hostile + [Self.gif(id: Self.good)]))
            let output = try await harness.say(["!gifs cats", "!gif cats", "!fav", "!favs"])
            let shown = output.joined(separator: "\n")
            #expect(output.first?.hasPrefix("1. Title of goodgif1 (goodgif1)") == true, "\(output)")
            for id in Self.hostileIDs + ["jsgif1", "datagif1"] {
                #expect(!shown.contains(String(id.prefix(30))), "\(id.prefix(30)) shown")
            }
            #expect(!shown.contains("javascript:") && !shown.contains("data:image"))
            #expect(output.contains { $0.hasPrefix("Saved \"Title of goodgif1\" (goodgif1)") }, "\(output)")
            #expect(output.contains("Your favorites (1, page 1/1, newest first):"))
        }
    }

    @Test func aLookupAnsweredWithAnIdFromAnotherNamespaceIsRefused() async throws {
        try await withConsole { harness in
            harness.standIn.override(
                "/v1/gifs/realid123", with: Self.lookup(Self.gif(id: "klipy:evil-slug-1")))
            let output = try await harness.say(["!fav realid123", "!info realid123", "!favs"])
            #expect(
                output == [
                    "GIPHY's answer for that GIF cannot be shown in chat.",
                    "GIPHY's answer for that GIF cannot be shown in chat.",
                    "You have no favorites yet: after a GIF, say !fav to keep it (or !fav <id>).",
                ])
        }
    }
}

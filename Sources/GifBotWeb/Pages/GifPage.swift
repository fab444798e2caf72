import Foundation
import GifBotCore
import GifSources

/// One favorite: a larger preview, its details, and the chat command that posts it, with a copy
/// button that the page's one script adds (without it the command is there to select).
struct GifPage {
    static let previewSize = 480
    let layout: PageLayout
    let commandPrefix: String

    func render(_ favorite: Favorite, of user: UserKey, csrf: String) -> String {
        let command = "\(commandPrefix)fav \(favorite.gifID)"
        let size = String(Self.previewSize)
        var details: [HTML] = [
            term("Id", .element("code", [:], [.text(favorite.gifID)])),
            term("Rating", .text(favorite.rating?.uppercased() ?? "not rated")),
            term("Saved", .text(Self.date(favorite.addedAt))),
        ]
        if let page = Self.sourcePage(for: favorite.gifID) {
            details.append(term("Source", .element("a", ["href": page, "rel": "noreferrer"], [.text("GIPHY page")])))
        }
        return layout.page(
            title: favorite.title, signOut: csrf, script: "copy.js",
            [
                .element(
                    "figure", ["class": "preview"],
                    [.void("img", ["src": favorite.url, "alt": favorite.title, "width": size, "height": size])]),
                .element("dl", [:], details),
                .element(
                    "p", ["class": "command"],
                    [
                        .text("Post it in chat: "),
                        .element("code", ["id": "command"], [.text(command)]),
                        .text(" "),
                        .element(
                            "button", ["type": "button", "class": "copy", "data-copy": command, "hidden": "hidden"],
                            [.text("Copy")]),
                    ]),
                .element(
                    "form", ["method": "post", "action": layout.paths.removeFavorite(favorite.gifID, of: user)],
                    [
                        .void("input", ["type": "hidden", "name": "csrf", "value": csrf]),
                        .element("button", ["type": "submit", "class": "remove"], [.text("Remove from favorites")]),
                    ]),
                .element(
                    "p", [:], [.element("a", ["href": layout.paths.favorites(user)], [.text("All my favorites")])]),
                .element(
                    "p", ["class": "credit"],
                    [
                        .text(
                            "GIFs are shown from their source's servers. Powered by \(Self.sourceName(of: favorite.gifID))."
                        )
                    ]),
            ])
    }

    private func term(_ name: String, _ value: HTML) -> HTML {
        .group([.element("dt", [:], [.text(name)]), .element("dd", [:], [value])])
    }

    /// The source the GIF is credited to: the one its id names (`klipy:…`), GIPHY for a bare id.
    static func sourceName(of gifID: String) -> String {
        (GifRef(text: gifID)?.source ?? .giphy).displayName
    }

    /// GIPHY's ids are letters and digits; other sources' ids carry a prefix and get no link.
    static func sourcePage(for gifID: String) -> String? {
        guard !gifID.isEmpty, gifID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return "https://giphy.com/gifs/\(gifID)"
    }

    static func date(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day())
    }
}

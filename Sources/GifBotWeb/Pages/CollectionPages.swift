import Foundation
import GifBotCore

/// A channel's collection: a grid of the sources' small renditions (their size set, so nothing
/// jumps), filtered by tag, searched by title and tag, paged; and one GIF's page.
struct CollectionPages {
    static let pageSize = 24
    let layout: PageLayout
    let commandPrefix: String

    var paths: WebPaths { layout.paths }

    func grid(
        _ page: CollectionPage, tags: [CollectionTagCount], of channel: CollectionChannel, tag: String?, query: String,
        pageNumber: Int, signOut: String?
    ) -> String {
        let pages = max(1, (page.total + Self.pageSize - 1) / Self.pageSize)
        var content: [HTML] = [tagFilter(tags, of: channel, current: tag), searchForm(channel, tag: tag, query: query)]
        if page.entries.isEmpty {
            content.append(.element("p", [:], [.text("Nothing here yet: say \(commandPrefix)save in the channel.")]))
        } else {
            content.append(.element("ul", ["class": "grid"], page.entries.map { tile($0) }))
        }
        var pager: [HTML] = []
        if pageNumber > 1 {
            pager.append(
                .element(
                    "a",
                    ["href": paths.collection(channel, tag: tag, query: query, page: pageNumber - 1), "rel": "prev"],
                    [.text("Newer")]))
        }
        pager.append(.element("span", [:], [.text("Page \(pageNumber) of \(pages)")]))
        if pageNumber < pages {
            pager.append(
                .element(
                    "a",
                    ["href": paths.collection(channel, tag: tag, query: query, page: pageNumber + 1), "rel": "next"],
                    [.text("Older")]))
        }
        content.append(.element("nav", ["class": "pager", "aria-label": "Pages"], pager))
        return layout.page(title: "GIFs of \(channel.channel)", signOut: signOut, content)
    }

    private func tagFilter(_ tags: [CollectionTagCount], of channel: CollectionChannel, current: String?) -> HTML {
        var links: [HTML] = [link("All", to: paths.collection(channel), isCurrent: current == nil)]
        for tag in tags.prefix(50) {
            links.append(
                link(
                    "#\(tag.tag) (\(tag.count))", to: paths.collection(channel, tag: tag.tag),
                    isCurrent: current == tag.tag))
        }
        return .element("nav", ["class": "tags", "aria-label": "Tags"], links)
    }

    private func link(_ text: String, to href: String, isCurrent: Bool) -> HTML {
        isCurrent
            ? .element("a", ["href": href, "aria-current": "page"], [.text(text)])
            : .element("a", ["href": href], [.text(text)])
    }

    private func searchForm(_ channel: CollectionChannel, tag: String?, query: String) -> HTML {
        var fields: [HTML] = [
            .element("label", ["for": "q"], [.text("Search")]),
            .void("input", ["type": "search", "id": "q", "name": "q", "value": query, "maxlength": "100"]),
        ]
        if let tag { fields.append(.void("input", ["type": "hidden", "name": "tag", "value": tag])) }
        fields.append(.element("button", ["type": "submit"], [.text("Search")]))
        return .element(
            "form", ["method": "get", "action": paths.collection(channel), "role": "search", "class": "search"], fields)
    }

    private func tile(_ entry: CollectionEntry) -> HTML {
        let preview = entry.preview
        let width = preview?.width ?? FavoritesPage.tileSize
        let height = preview?.height ?? FavoritesPage.tileSize
        return .element(
            "li", ["class": "tile"],
            [
                .element(
                    "a", ["href": paths.collectionEntry(entry.gifID, in: entry.channel)],
                    [
                        .void(
                            "img",
                            [
                                "src": preview?.url ?? entry.url, "alt": entry.title, "width": String(width),
                                "height": String(height), "loading": "lazy", "decoding": "async",
                            ]),
                        .element("span", ["class": "title"], [.text(entry.title)]),
                        .element(
                            "span", ["class": "tag-list"], [.text(entry.tags.map { "#\($0)" }.joined(separator: " "))]),
                    ])
            ])
    }

    func entry(_ entry: CollectionEntry, signOut: String?) -> String {
        let command = entry.tags.first.map { "\(commandPrefix)gif #\($0)" } ?? "\(commandPrefix)fav \(entry.gifID)"
        var details: [HTML] = [
            term("Id", .element("code", [:], [.text(entry.gifID)])),
            term("Rating", .text(entry.rating?.uppercased() ?? "not rated")),
            term("Tags", .text(entry.tags.map { "#\($0)" }.joined(separator: " "))),
            term("Saved by", .text("\(entry.savedByName) on \(GifPage.date(entry.savedAt))")),
            term("Source", .text(entry.source)),
        ]
        if let page = entry.pageURL {
            details.append(term("Source page", .element("a", ["href": page, "rel": "noreferrer"], [.text(page)])))
        }
        return layout.page(
            title: entry.title, signOut: signOut, script: "copy.js",
            [
                .element(
                    "figure", ["class": "preview"],
                    [
                        .void(
                            "img",
                            [
                                "src": entry.url, "alt": entry.title, "width": String(GifPage.previewSize),
                                "height": String(GifPage.previewSize),
                            ])
                    ]),
                .element("dl", [:], details),
                .element(
                    "p", ["class": "command"],
                    [
                        .text("Post it in chat: "), .element("code", ["id": "command"], [.text(command)]), .text(" "),
                        .element(
                            "button", ["type": "button", "class": "copy", "data-copy": command, "hidden": "hidden"],
                            [.text("Copy")]),
                    ]),
                .element(
                    "p", [:],
                    [
                        .element(
                            "a", ["href": paths.collection(entry.channel)],
                            [.text("All GIFs of \(entry.channel.channel)")])
                    ]),
            ])
    }

    private func term(_ name: String, _ value: HTML) -> HTML {
        .group([.element("dt", [:], [.text(name)]), .element("dd", [:], [value])])
    }
}

import Foundation
import GifBotCore

/// A person's favorites: a grid, newest first, searchable by title, paged, each with a remove
/// button (a form: no JavaScript needed).
struct FavoritesPage {
    static let pageSize = 24
    /// The grid's tiles are squares of this size; the image keeps its ratio inside (no jump).
    static let tileSize = 200
    let layout: PageLayout

    func render(
        _ favorites: [Favorite], of user: UserKey, query: String, page requested: Int, csrf: String, notice: String?,
        pickers: [NamedChannel] = []
    ) -> String {
        let matching = query.isEmpty ? favorites : favorites.filter { Self.matches($0, query) }
        let pages = max(1, (matching.count + Self.pageSize - 1) / Self.pageSize)
        let page = min(max(1, requested), pages)
        let shown = matching.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize)
        var content: [HTML] = []
        if let notice { content.append(.element("p", ["class": "notice", "role": "status"], [.text(notice)])) }
        if let links = layout.pickLinks(pickers, network: user.network) { content.append(links) }
        content.append(searchForm(user, query: query))
        if shown.isEmpty {
            content.append(
                .element("p", [:], [.text(query.isEmpty ? "No favorites yet: say !fav in chat." : "Nothing matches.")]))
        } else {
            content.append(.element("ul", ["class": "grid"], shown.map { tile($0, of: user, csrf: csrf) }))
        }
        content.append(pager(user, query: query, page: page, pages: pages))
        return layout.page(title: "My favorites", signOut: csrf, content)
    }

    static func matches(_ favorite: Favorite, _ query: String) -> Bool {
        favorite.title.localizedCaseInsensitiveContains(query) || favorite.gifID.localizedCaseInsensitiveContains(query)
    }

    private func searchForm(_ user: UserKey, query: String) -> HTML {
        .element(
            "form", ["method": "get", "action": layout.paths.favorites(user), "role": "search", "class": "search"],
            [
                .element("label", ["for": "q"], [.text("Search")]),
                .void("input", ["type": "search", "id": "q", "name": "q", "value": query, "maxlength": "100"]),
                .element("button", ["type": "submit"], [.text("Search")]),
            ])
    }

    private func tile(_ favorite: Favorite, of user: UserKey, csrf: String) -> HTML {
        let size = String(Self.tileSize)
        return .element(
            "li", ["class": "tile"],
            [
                .element(
                    "a", ["href": layout.paths.favorite(favorite.gifID, of: user)],
                    [
                        .void(
                            "img",
                            [
                                "src": favorite.url, "alt": favorite.title, "width": size, "height": size,
                                "loading": "lazy", "decoding": "async",
                            ]),
                        .element("span", ["class": "title"], [.text(favorite.title)]),
                    ]),
                .element(
                    "form", ["method": "post", "action": layout.paths.removeFavorite(favorite.gifID, of: user)],
                    [
                        .void("input", ["type": "hidden", "name": "csrf", "value": csrf]),
                        .element(
                            "button", ["type": "submit", "class": "remove", "aria-label": "Remove \(favorite.title)"],
                            [.text("Remove")]),
                    ]),
            ])
    }

    private func pager(_ user: UserKey, query: String, page: Int, pages: Int) -> HTML {
        var links: [HTML] = []
        if page > 1 {
            links.append(
                .element(
                    "a", ["href": layout.paths.favorites(user, query: query, page: page - 1), "rel": "prev"],
                    [.text("Newer")]))
        }
        links.append(.element("span", [:], [.text("Page \(page) of \(pages)")]))
        if page < pages {
            links.append(
                .element(
                    "a", ["href": layout.paths.favorites(user, query: query, page: page + 1), "rel": "next"],
                    [.text("Older")]))
        }
        return .element("nav", ["class": "pager", "aria-label": "Pages"], links)
    }
}

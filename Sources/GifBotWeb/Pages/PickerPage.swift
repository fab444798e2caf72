import GifBotCore

/// The picker for one channel: tabs (Search, Trending, Favorites, Collection), a search field
/// whose suggestions the page's script offers as a combobox, a grid of GIFs each with a
/// Favorite toggle and a "Post to <channel>" button, and "More". Every step is a plain link or
/// form, so it all works without JavaScript; the script only makes it quicker. The grid's buttons
/// all submit one form of the page (`form="act"`, each with its own action and GIF), so the CSRF
/// token and the way back are written once, not fifty times.
struct PickerPage {
    let layout: PageLayout
    let channel: CollectionChannel
    /// What the page calls the channel: a Matrix room's name, an IRC channel's own.
    let channelName: String
    /// The session's CSRF token, for every form.
    let csrf: String
    /// In a room widget, the token every link and form of the picker carries (`wt`): a
    /// third-party frame has no cookie.
    let widgetToken: String?
    /// The person's favorites' ids: their tiles' toggles show pressed.
    let favorites: Set<String>
    /// Where the page's forms come back to: the address it was asked at.
    let back: String

    struct Grid {
        var items: [PickerItem]
        /// The next page's address, nil at the end.
        var more: String?
        /// Said instead of an empty grid.
        var empty: String
    }

    var title: String { "Pick a GIF for \(channelName)" }

    /// `address` with the widget's token, when there is one.
    func here(_ address: String) -> String {
        guard let widgetToken else { return address }
        return address + (address.contains("?") ? "&" : "?") + "wt=" + WebPaths.encode(widgetToken)
    }

    /// No sign-out in a widget: its session is the token, which ends with the frame.
    private var signOut: String? { widgetToken == nil ? csrf : nil }

    func search(query: String, grid: Grid?, trending: [String], recent: [String], notice: String?) -> String {
        var content = [searchForm(query)]
        if let grid {
            content.append(render(grid))
        } else {
            content.append(terms("Trending searches", trending, id: "trending-searches"))
            if !recent.isEmpty { content.append(terms("Your recent searches", recent, id: "recent-searches")) }
        }
        return page(.search, notice: notice, content)
    }

    func list(_ tab: PickerTab, grid: Grid, notice: String?) -> String {
        page(tab, notice: notice, [render(grid)])
    }

    /// One GIF larger, with its toggle, an optional caption and the post button.
    func gif(_ item: PickerItem, notice: String?) -> String {
        let pressed = favorites.contains(item.gifID)
        return layout.page(
            title: item.title, signOut: signOut, script: "picker.js",
            noticeParts(notice) + [
                .element(
                    "figure", ["class": "preview picked"],
                    [
                        .void(
                            "img",
                            [
                                "src": item.imageURL, "alt": item.title, "width": String(item.width),
                                "height": String(item.height),
                            ])
                    ]),
                .element(
                    "form",
                    [
                        "method": "post", "action": here(layout.paths.pickerAction("favorite", in: channel)),
                        "class": "favorite",
                    ],
                    hidden() + [favoriteButton(item, pressed: pressed, form: nil)]),
                .element(
                    "form",
                    [
                        "method": "post", "action": here(layout.paths.pickerAction("post", in: channel)),
                        "class": "post",
                    ],
                    hidden() + [
                        .void("input", ["type": "hidden", "name": "gif", "value": item.gifID]),
                        .element("label", ["for": "caption"], [.text("Caption (optional)")]),
                        .void("input", ["type": "text", "id": "caption", "name": "caption", "maxlength": "200"]),
                        .element("button", ["type": "submit"], [.text("Post to \(channelName)")]),
                    ]),
                .element(
                    "p", [:],
                    [.element("a", ["href": here(layout.paths.picker(channel))], [.text("Back to the picker")])]),
                credit([item]),
            ])
    }

    // MARK: Parts

    private func page(_ tab: PickerTab, notice: String?, _ content: [HTML]) -> String {
        let actions = HTML.element(
            "form", ["method": "post", "action": here(layout.paths.pickerAction("post", in: channel)), "id": "act"],
            hidden())
        return layout.page(
            title: title, signOut: signOut, script: "picker.js", noticeParts(notice) + [tabs(tab)] + content + [actions]
        )
    }

    private func noticeParts(_ notice: String?) -> [HTML] {
        // Always there (empty without a notice): the script announces its answers in it too.
        [.element("p", ["class": "notice", "role": "status", "id": "notice"], notice.map { [.text($0)] } ?? [])]
    }

    private func tabs(_ current: PickerTab) -> HTML {
        .element(
            "nav", ["class": "tabs", "aria-label": "Picker"],
            PickerTab.allCases.map { tab in
                tab == current
                    ? .element(
                        "a", ["href": here(layout.paths.picker(channel, tab: tab)), "aria-current": "page"],
                        [.text(tab.title)])
                    : .element("a", ["href": here(layout.paths.picker(channel, tab: tab))], [.text(tab.title)])
            })
    }

    private func searchForm(_ query: String) -> HTML {
        .element(
            "form",
            [
                "method": "get", "action": layout.paths.picker(channel), "role": "search", "class": "search",
                "id": "search",
            ],
            [
                .element("label", ["for": "q"], [.text("Search GIFs")]),
                .element(
                    "div", ["class": "combo"],
                    [
                        .void(
                            "input",
                            [
                                "type": "search", "id": "q", "name": "q", "value": query, "maxlength": "100",
                                "autocomplete": "off",
                                "data-suggest": here(layout.paths.pickerAction("suggest", in: channel)),
                            ]),
                        .element(
                            "ul",
                            ["id": "suggestions", "role": "listbox", "aria-label": "Suggestions", "hidden": "hidden"]),
                    ]),
                .element("button", ["type": "submit"], [.text("Search")]),
            ] + (widgetToken.map { [.void("input", ["type": "hidden", "name": "wt", "value": $0])] } ?? []))
    }

    private func terms(_ heading: String, _ terms: [String], id: String) -> HTML {
        .element(
            "section", ["aria-labelledby": id],
            [
                .element("h2", ["id": id], [.text(heading)]),
                terms.isEmpty
                    ? .element("p", [:], [.text("None right now.")])
                    : .element(
                        "ul", ["class": "terms"],
                        terms.map {
                            .element(
                                "li", [:],
                                [.element("a", ["href": here(layout.paths.picker(channel, query: $0))], [.text($0)])])
                        }),
            ])
    }

    private func render(_ grid: Grid) -> HTML {
        var parts: [HTML] = []
        if grid.items.isEmpty {
            parts.append(.element("p", [:], [.text(grid.empty)]))
        } else {
            parts.append(.element("ul", ["class": "grid", "id": "results"], grid.items.map(tile)))
        }
        if let more = grid.more {
            parts.append(
                .element(
                    "p", ["class": "more"],
                    [.element("a", ["href": here(more), "rel": "next", "id": "more"], [.text("More")])]))
        }
        parts.append(credit(grid.items))
        return .group(parts)
    }

    private func tile(_ item: PickerItem) -> HTML {
        .element(
            "li", ["class": "tile", "data-gif": item.gifID],
            [
                .element(
                    "a", ["href": here(layout.paths.pickerGif(item.gifID, in: channel))],
                    [
                        image(item),
                        .element("span", ["class": "title"], [.text(item.title)]),
                    ]),
                .element(
                    "div", ["class": "actions"],
                    [
                        favoriteButton(item, pressed: favorites.contains(item.gifID), form: "act"),
                        // The shared form's own action is the post: no `formaction` needed.
                        .element(
                            "button", ["form": "act", "name": "gif", "value": item.gifID],
                            [.text("Post to \(channelName)")]),
                    ]),
            ])
    }

    /// The tile's image: with a still first frame, a `picture` whose source shows the still to
    /// people who ask for reduced motion (the script animates it while the tile is hovered or
    /// focused); without, the animated rendition.
    private func image(_ item: PickerItem) -> HTML {
        let size = (width: String(item.width), height: String(item.height))
        let animated = HTML.void(
            "img",
            [
                "src": item.imageURL, "alt": item.title, "width": size.width, "height": size.height,
                "loading": "lazy",
            ])
        guard let still = item.stillURL else { return animated }
        return .element(
            "picture", [:],
            [
                // No size of its own: the `img` after it sets the box, and the stylesheet fits either in it.
                .void("source", ["media": "(prefers-reduced-motion: reduce)", "srcset": still]),
                animated,
            ])
    }

    /// The toggle: `favorite=<id>` stars, `unfavorite=<id>` unstars; `form` names the page's
    /// shared form for a tile's button.
    private func favoriteButton(_ item: PickerItem, pressed: Bool, form: String?) -> HTML {
        let name = pressed ? "unfavorite" : "favorite"
        let pressedText = pressed ? "true" : "false"
        guard let form else {
            return .element(
                "button", ["type": "submit", "name": name, "value": item.gifID, "aria-pressed": pressedText],
                [.text("Favorite")])
        }
        return .element(
            "button",
            [
                "form": form, "formaction": here(layout.paths.pickerAction("favorite", in: channel)),
                "name": name, "value": item.gifID, "aria-pressed": pressedText,
            ], [.text("Favorite")])
    }

    private func hidden() -> [HTML] {
        [
            .void("input", ["type": "hidden", "name": "csrf", "value": csrf]),
            .void("input", ["type": "hidden", "name": "back", "value": back]),
        ]
    }

    /// The sources' credits their terms ask for, for the sources whose GIFs the page shows.
    private func credit(_ items: [PickerItem]) -> HTML {
        let sources = Set(items.map { GifPage.sourceName(of: $0.gifID) })
        var words = ["GIFs are shown from their sources' servers."]
        if sources.contains("GIPHY") || items.isEmpty { words.append("Powered by GIPHY.") }
        if sources.contains("KLIPY") { words.append("Search KLIPY.") }
        return .element("p", ["class": "credit"], [.text(words.joined(separator: " "))])
    }
}

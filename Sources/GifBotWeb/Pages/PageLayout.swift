import GifBotCore

/// The frame of every page: one stylesheet and, where a page needs it, one script, both from
/// this server (the CSP allows nothing else); a skip link and a header for keyboard users.
struct PageLayout {
    let paths: WebPaths

    /// - Parameters:
    ///   - signOut: the session's CSRF token, for the sign-out button; nil when signed out.
    ///   - script: the page's one script among `Assets`' (`copy.js`, `picker.js`), if it has one.
    func page(title: String, signOut: String?, script: String? = nil, _ content: [HTML]) -> String {
        var head: [HTML] = [
            .void("meta", ["charset": "utf-8"]),
            .void("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"]),
            .void("meta", ["name": "color-scheme", "content": "light dark"]),
            .element("title", [:], [.text("\(title) · GifBot")]),
            .void("link", ["rel": "stylesheet", "href": paths.asset("gallery.css")]),
        ]
        if let script { head.append(.element("script", ["src": paths.asset(script), "defer": "defer"])) }
        var navigation: [HTML] = [.element("a", ["href": paths.home], [.text("GifBot gallery")])]
        if let signOut {
            navigation.append(
                .element(
                    "form", ["method": "post", "action": paths.logout, "class": "logout"],
                    [
                        .void("input", ["type": "hidden", "name": "csrf", "value": signOut]),
                        .element("button", ["type": "submit"], [.text("Sign out")]),
                    ]))
        }
        return HTML.document(
            .element(
                "html", ["lang": "en"],
                [
                    .element("head", [:], head),
                    .element(
                        "body", [:],
                        [
                            .element("a", ["href": "#main", "class": "skip"], [.text("Skip to content")]),
                            .element("header", [:], [.element("nav", ["aria-label": "Site"], navigation)]),
                            .element("main", ["id": "main"], [.element("h1", [:], [.text(title)])] + content),
                        ]),
                ]))
    }

    /// A "Pick a GIF" link to the picker of each channel the person asked `!web` in (named for
    /// its channel when there are several); nil when there is none.
    func pickLinks(_ channels: [NamedChannel], network: String) -> HTML? {
        guard !channels.isEmpty else { return nil }
        let sorted = channels.sorted { $0.name < $1.name }
        return .element(
            "ul", ["class": "pickers"],
            sorted.map { named in
                let name = sorted.count == 1 ? "Pick a GIF" : "Pick a GIF for \(named.name)"
                let address = paths.picker(CollectionChannel(network: network, channel: named.channel))
                return .element("li", [:], [.element("a", ["href": address], [.text(name)])])
            })
    }
}

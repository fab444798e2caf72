import GifBotCore

/// The small pages: refusal, the login button, the start page.
struct SimplePages {
    let layout: PageLayout
    let commandPrefix: String

    /// The same words for a bad, expired or used link and for someone else's page: which it was
    /// is for the log, not for whoever is trying.
    func forbidden() -> String {
        layout.page(
            title: "Forbidden", signOut: nil,
            [
                .element(
                    "p", [:],
                    [
                        .text(
                            "This link has expired, was already used, or this page is not yours. Say \(commandPrefix)web to the bot for a new link."
                        )
                    ])
            ])
    }

    /// A page that says one thing (why a GIF cannot be shown here).
    func message(_ text: String) -> String {
        layout.page(title: "Not shown", signOut: nil, [.element("p", [:], [.text(text)])])
    }

    func notFound() -> String {
        layout.page(title: "Not found", signOut: nil, [.element("p", [:], [.text("There is nothing here.")])])
    }

    /// Opening a link shows this button; only pressing it (a POST) uses the link up, so a chat
    /// client's link preview cannot spend it.
    func login(token: String, user: UserKey) -> String {
        layout.page(
            title: "Sign in", signOut: nil,
            [
                .element("p", [:], [.text("Sign in to the gallery as \(user.userID) (\(user.network)).")]),
                .element(
                    "form", ["method": "post", "action": layout.paths.login],
                    [
                        .void("input", ["type": "hidden", "name": "token", "value": token]),
                        .element("button", ["type": "submit", "id": "sign-in"], [.text("Open my gallery")]),
                    ]),
            ])
    }

    /// - Parameter csrf: the session's CSRF token (for the sign-out button); nil without a session.
    /// - Parameter pickers: the channels whose picker the person may open (none when it is off).
    func home(session: WebSession?, csrf: String?, channels: [NamedChannel], pickers: [NamedChannel]) -> String {
        guard let session, let csrf else {
            return layout.page(
                title: "GifBot gallery", signOut: nil,
                [
                    .element(
                        "p", [:], [.text("Say \(commandPrefix)web to the bot in chat: it sends you a private link.")])
                ])
        }
        var items: [HTML] = [
            .element(
                "li", [:], [.element("a", ["href": layout.paths.favorites(session.user)], [.text("My favorites")])])
        ]
        for named in channels.sorted(by: { $0.name < $1.name }) {
            let collection = CollectionChannel(network: session.user.network, channel: named.channel)
            items.append(
                .element(
                    "li", [:],
                    [.element("a", ["href": layout.paths.collection(collection)], [.text("GIFs of \(named.name)")])]
                ))
        }
        return layout.page(
            title: "GifBot gallery", signOut: csrf,
            [
                .element("p", [:], [.text("Signed in as \(session.user.userID) (\(session.user.network)).")]),
                layout.pickLinks(pickers, network: session.user.network) ?? .group([]),
                .element("ul", [:], items),
            ])
    }
}

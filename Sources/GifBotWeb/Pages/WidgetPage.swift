/// The page a room widget opens: a line saying what it waits for, while its script asks the
/// Matrix client who is using it and then opens the picker.
struct WidgetPage {
    let layout: PageLayout

    func render(session: String) -> String {
        layout.page(
            title: "GIFs", signOut: nil, script: "widget.js",
            [
                .element(
                    "p", ["id": "status", "role": "status", "class": "notice"],
                    [.text("Asking your Matrix client who you are…")]),
                .element("div", ["id": "widget", "data-session": session]),
            ])
    }
}

/// A piece of HTML built from typed parts: text and attribute values are always escaped, and
/// element and attribute names come from this module's code only, never from input. Nothing
/// outside can put markup into a page.
struct HTML: Sendable {
    fileprivate(set) var markup: String

    private init(markup: String) {
        self.markup = markup
    }

    static func text(_ text: String) -> HTML { HTML(markup: escape(text)) }

    static func element(
        _ name: StaticString, _ attributes: KeyValuePairs<StaticString, String> = [:], _ children: [HTML] = []
    )
        -> HTML
    {
        var markup = "<\(name)\(render(attributes))>"
        for child in children { markup += child.markup }
        return HTML(markup: markup + "</\(name)>")
    }

    /// An element without content (`img`, `input`, `meta`, `link`).
    static func void(_ name: StaticString, _ attributes: KeyValuePairs<StaticString, String>) -> HTML {
        HTML(markup: "<\(name)\(render(attributes))>")
    }

    static func group(_ parts: [HTML]) -> HTML { HTML(markup: parts.map(\.markup).joined()) }

    /// The whole document.
    static func document(_ root: HTML) -> String { "<!DOCTYPE html>\n" + root.markup }

    private static func render(_ attributes: KeyValuePairs<StaticString, String>) -> String {
        attributes.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}": continue
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}

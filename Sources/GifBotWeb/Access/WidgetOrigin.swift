/// An origin a page may be framed by (`web.widget_origins`): a scheme of http or https, a host of
/// letters, digits, dots, dashes (or a bracketed IPv6 address) and an optional port, nothing
/// else. Written into a CSP header, so nothing that could end the directive gets through.
public enum WidgetOrigin {
    public static func normalised(_ text: String) -> String? {
        let lowered = text.lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") {
            rest = lowered.dropFirst("https://".count)
        } else if lowered.hasPrefix("http://") {
            rest = lowered.dropFirst("http://".count)
        } else {
            return nil
        }
        let authority = rest.hasSuffix("/") ? rest.dropLast() : rest
        guard !authority.isEmpty, authority.count <= 255,
            authority.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) })
        else { return nil }
        return lowered.hasPrefix("https://") ? "https://" + authority : "http://" + authority
    }
}

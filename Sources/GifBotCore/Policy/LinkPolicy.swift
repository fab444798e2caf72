/// Which links from a GIF source may reach chat (and a Matrix message's HTML): https links,
/// and http links only on hosts the operator allows (a source stand-in on loopback). A source's
/// JSON is untrusted: `javascript:alert(1)//x.gif`, `data:` URLs, links with credentials in
/// them or with spaces and quotes never get through.
public struct LinkPolicy: Sendable, Equatable {
    /// Longer links are not real GIF links.
    public static let maximumLength = 2048

    /// Lowercased host names whose http (not https) links are accepted.
    public var httpHosts: Set<String>

    public init(httpHosts: Set<String> = []) {
        self.httpHosts = Set(httpHosts.map { $0.lowercased() })
    }

    public func allows(_ url: String) -> Bool {
        guard url.utf8.count <= Self.maximumLength,
            url.unicodeScalars.allSatisfy({
                $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"\"'<>\\`".unicodeScalars.contains($0)
            })
        else { return false }
        let lowered = url.lowercased()
        let isHTTPS = lowered.hasPrefix("https://")
        guard isHTTPS || lowered.hasPrefix("http://") else { return false }
        let rest = lowered.dropFirst(isHTTPS ? 8 : 7)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return false }
        let host = Self.host(of: authority)
        guard !host.isEmpty else { return false }
        return isHTTPS || httpHosts.contains(host)
    }

    /// `host`, `host:port`, `[::1]:port` → the host.
    private static func host(of authority: Substring) -> String {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return "" }
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        return String(authority.prefix { $0 != ":" })
    }
}

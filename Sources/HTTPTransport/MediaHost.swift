/// One host GIF media may be downloaded from, as the operator writes it in `media.hosts`:
/// `cdn.example.org`, `media*.example.org` (a `*` stands for any letters, digits or hyphens
/// within its label), `cdn.example.org:8443`, `[::1]:8080`; with `http://` in front, plain
/// http is allowed for it too. Without a port only the scheme's usual one (443, or 80 for
/// http) is allowed, so an allowed host's other services stay out of reach.
public struct MediaHost: Sendable, Hashable, CustomStringConvertible {
    /// Lowercased; without IPv6 brackets.
    public let pattern: String
    public let port: Int?
    public let allowsHTTP: Bool

    /// nil when `text` is not a host (a path, a query, user info, an odd character).
    public init?(_ text: String) {
        var rest = Substring(text.lowercased())
        var allowsHTTP = false
        if rest.hasPrefix("http://") {
            allowsHTTP = true
            rest = rest.dropFirst("http://".count)
        } else if rest.hasPrefix("https://") {
            rest = rest.dropFirst("https://".count)
        }
        var port: Int?
        let host: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let number = Int(after.dropFirst()) else { return nil }
                port = number
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count) else { return nil }
            host = parts[0]
            if parts.count == 2 {
                guard let number = Int(parts[1]) else { return nil }
                port = number
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.*".contains($0)) }),
                host.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({
                    !$0.isEmpty && $0.filter { $0 == "*" }.count <= 1
                })
            else { return nil }
        }
        if let port, !(1...65_535).contains(port) { return nil }
        self.pattern = String(host)
        self.port = port
        self.allowsHTTP = allowsHTTP
    }

    public func allows(_ origin: URLOrigin) -> Bool {
        guard origin.scheme == "https" || allowsHTTP else { return false }
        guard origin.port == port ?? (origin.scheme == "https" ? 443 : 80) else { return false }
        let want = pattern.split(separator: ".", omittingEmptySubsequences: false)
        let have = origin.host.split(separator: ".", omittingEmptySubsequences: false)
        guard !pattern.contains(":") else { return pattern == origin.host }
        return want.count == have.count && zip(want, have).allSatisfy { Self.label($0, matches: $1) }
    }

    /// `media*` matches `media`, `media0`, `media-eu`: a `*` is any run of letters, digits and hyphens.
    private static func label(_ pattern: Substring, matches label: Substring) -> Bool {
        guard let star = pattern.firstIndex(of: "*") else { return pattern == label }
        let prefix = pattern[..<star], suffix = pattern[pattern.index(after: star)...]
        guard label.count >= prefix.count + suffix.count, label.hasPrefix(prefix), label.hasSuffix(suffix) else {
            return false
        }
        let middle = label.dropFirst(prefix.count).dropLast(suffix.count)
        return middle.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    public var description: String {
        let host = pattern.contains(":") ? "[\(pattern)]" : pattern
        return (allowsHTTP ? "http://" : "") + host + (port.map { ":\($0)" } ?? "")
    }
}

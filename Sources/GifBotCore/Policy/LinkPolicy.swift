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

    /// Read on the bytes, without copies: every GIF a reply shows passes here, its renditions too.
    public func allows(_ url: String) -> Bool {
        let bytes = url.utf8
        guard bytes.count <= Self.maximumLength, bytes.allSatisfy(Self.isLinkByte) else { return false }
        let isHTTPS = Self.hasPrefix(bytes, "https://")
        guard isHTTPS || Self.hasPrefix(bytes, "http://") else { return false }
        let authority = bytes.dropFirst(isHTTPS ? 8 : 7).prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        guard !authority.contains(UInt8(ascii: "@")) else { return false }
        let host = Self.host(of: authority)
        guard !host.isEmpty else { return false }
        return isHTTPS || httpHosts.contains(String(decoding: host, as: UTF8.self).lowercased())
    }

    /// Printable ASCII without the characters that end an attribute or a tag in HTML. A switch,
    /// not a search of a string of them: this runs for every byte of every link.
    private static func isLinkByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
            UInt8(ascii: "`"):
            false
        default: (0x21...0x7E).contains(byte)
        }
    }

    private static func hasPrefix(_ bytes: String.UTF8View, _ prefix: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        return bytes.count >= expected.count && zip(bytes, expected).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    /// `host`, `host:port`, `[::1]:port` → the host.
    private static func host(of authority: Substring.UTF8View) -> Substring.UTF8View {
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return authority.prefix(0) }
            return authority[authority.index(after: authority.startIndex)..<close]
        }
        return authority.prefix { $0 != UInt8(ascii: ":") }
    }
}

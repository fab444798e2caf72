import Foundation

/// Where the gallery listens and how its links look: `web.port` turns it on, `web.bind` is the
/// address (loopback by default: a reverse proxy in front terminates TLS), `web.base_url` the
/// public address every link starts with.
public struct WebSettings: Sendable, Equatable {
    public static let defaultHost = "127.0.0.1"

    public let host: String
    public let port: Int
    /// Without a trailing slash: `https://gifs.example.org` or `https://example.org/gifs`.
    public let baseURL: String
    /// Hosts GIF images may come from besides https ones (a stand-in on loopback), as CSP sources.
    public let extraImageSources: [String]
    /// How many requests one client may make, and whose word says who the client is.
    public let limits: WebRequestLimits

    public init(
        host: String = defaultHost, port: Int, baseURL: String, extraImageSources: [String] = [],
        limits: WebRequestLimits = .standard
    ) {
        self.host = host
        self.port = port
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.extraImageSources = extraImageSources
        self.limits = limits
    }

    /// Behind TLS the session cookie is `Secure` (and `__Host-` prefixed).
    public var isSecure: Bool { baseURL.lowercased().hasPrefix("https://") }

    /// The path part of `baseURL` ("" or "/gifs"): the reverse proxy strips it, links keep it.
    public var basePath: String {
        guard let scheme = baseURL.range(of: "://") else { return "" }
        let rest = baseURL[scheme.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return "" }
        return String(rest[slash...])
    }
}

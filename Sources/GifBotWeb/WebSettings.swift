import Foundation
import HTTPListening

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
    /// What the listener lets its clients hold: connections, timeouts, body size.
    public let listener: ListenerLimits
    /// The origins whose pages may frame the picker widget (`web.widget_origins`: the Element
    /// apps a community uses); none by default, and then there is no widget.
    public let widgetOrigins: [String]

    public init(
        host: String = defaultHost, port: Int, baseURL: String, extraImageSources: [String] = [],
        limits: WebRequestLimits = .standard, listener: ListenerLimits = WebSettings.defaultListener(),
        widgetOrigins: [String] = []
    ) {
        self.widgetOrigins = widgetOrigins
        self.host = host
        self.port = port
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.extraImageSources = extraImageSources
        self.limits = limits
        self.listener = listener
    }

    /// The same settings with other listener limits.
    public func withListener(_ listener: ListenerLimits) -> WebSettings {
        WebSettings(
            host: host, port: port, baseURL: baseURL, extraImageSources: extraImageSources, limits: limits,
            listener: listener, widgetOrigins: widgetOrigins)
    }

    /// A form's body is a login token or a CSRF field: small.
    public static let maximumBodyBytes = 4096
    public static let defaultHeaderTimeout = Duration.seconds(10)
    public static let defaultIdleTimeout = Duration.seconds(30)

    /// 256 connections, or a quarter of the open-file limit when that is lower: with the ops
    /// endpoint's eighth, the listeners leave over half of the descriptors to the rest.
    public static func defaultMaxConnections(fileLimit: Int? = OpenFileLimit.current) -> Int {
        ListenerLimits.connections(share: 4, of: fileLimit, ceiling: 256)
    }

    public static func defaultListener(fileLimit: Int? = OpenFileLimit.current) -> ListenerLimits {
        ListenerLimits(
            maxConnections: defaultMaxConnections(fileLimit: fileLimit), headerTimeout: defaultHeaderTimeout,
            idleTimeout: defaultIdleTimeout, maxBodyBytes: maximumBodyBytes)
    }

    /// Behind TLS the session cookie is `Secure` (and `__Host-` prefixed).
    public var isSecure: Bool { baseURL.lowercased().hasPrefix("https://") }

    /// The origin browsers send in `Origin` for the gallery's own forms: `baseURL`'s scheme, host
    /// and port (without the scheme's default port), lowercased.
    public var origin: String {
        guard let scheme = baseURL.range(of: "://") else { return baseURL.lowercased() }
        let rest = baseURL[scheme.upperBound...]
        var authority = String(rest.prefix { $0 != "/" }).lowercased()
        let schemeName = baseURL[..<scheme.lowerBound].lowercased()
        let defaultPort = schemeName == "https" ? ":443" : ":80"
        if authority.hasSuffix(defaultPort) { authority.removeLast(defaultPort.count) }
        return schemeName + "://" + authority
    }

    /// The path part of `baseURL` ("" or "/gifs"): the reverse proxy strips it, links keep it.
    public var basePath: String {
        guard let scheme = baseURL.range(of: "://") else { return "" }
        let rest = baseURL[scheme.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return "" }
        return String(rest[slash...])
    }
}

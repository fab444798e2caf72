import Foundation

/// Which URLs an exchange may go to: asked before the first request and before each redirect
/// is followed, because the shared HTTP client follows none by itself (`HTTPClient.gifBot`).
public protocol DestinationRule: Sendable {
    /// nil when `url` may be requested; otherwise why not, for logs (never the whole URL: it
    /// may hold a key).
    func refusal(of url: URL) async -> String?
}

/// API calls: the operator chose the base URL, so the first request goes where it says; a
/// redirect is followed only within that origin (scheme, host and port).
public struct SameOriginRule: DestinationRule {
    public let origin: URLOrigin?

    public init(_ url: URL) {
        origin = URLOrigin(url)
    }

    public func refusal(of url: URL) async -> String? {
        guard let target = URLOrigin(url), target == origin else {
            return "redirect to another origin (\(URLOrigin(url)?.description ?? "unreadable"))"
        }
        return nil
    }
}

/// Scheme, host and port of an http(s) URL, the port made explicit; as AsyncHTTPClient reads
/// the same URL (Foundation's parser), so what is checked is what is connected to.
public struct URLOrigin: Sendable, Hashable, CustomStringConvertible {
    public let scheme: String
    /// Lowercased, without IPv6 brackets.
    public let host: String
    public let port: Int

    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            var host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    public var description: String {
        "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}

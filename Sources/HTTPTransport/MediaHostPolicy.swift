import Foundation

/// Where GIF media may be downloaded from. A source's JSON names the media URL, so a hostile
/// or broken source could name anything: the bot's own machine, the cloud's metadata address,
/// a service on the internal network. Downloads therefore go only to the sources' media hosts
/// and those the operator adds, over https unless the operator allows http for a host, and
/// never to an address on the loopback, link-local or private ranges unless allowed.
public struct MediaHostPolicy: Sendable, Equatable {
    /// GIPHY's and KLIPY's media servers, as their answers name them.
    public static let sourceHosts: [MediaHost] = ["media*.giphy.com", "i.giphy.com", "static.klipy.com"].compactMap(
        MediaHost.init)

    /// The sources' hosts and the operator's.
    public let hosts: [MediaHost]
    /// For a stand-in on the same machine, or media served from the internal network.
    public let allowsPrivateAddresses: Bool

    public init(extraHosts: [MediaHost] = [], allowsPrivateAddresses: Bool = false) {
        hosts = Self.sourceHosts + extraHosts
        self.allowsPrivateAddresses = allowsPrivateAddresses
    }

    /// Only the sources' own hosts, on public addresses.
    public static let sourcesOnly = MediaHostPolicy()

    /// nil when the URL's scheme, host and port are allowed; else why not. Addresses are
    /// `MediaDestinationRule`'s concern.
    public func hostRefusal(_ url: URL) -> String? {
        guard url.user == nil, url.password == nil else { return "user info in a media URL" }
        guard let origin = URLOrigin(url) else { return "not an http(s) URL" }
        guard hosts.contains(where: { $0.allows(origin) }) else { return "media host not allowed: \(origin)" }
        return nil
    }
}

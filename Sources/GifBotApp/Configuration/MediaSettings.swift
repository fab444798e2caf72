import GifSources
import HTTPTransport

/// Where GIF media may be downloaded from (for Matrix's inline GIFs) and how long one GIF may
/// take: `media.hosts` (MEDIA_HOSTS) adds hosts to GIPHY's and KLIPY's,
/// `media.allow_private_addresses` (MEDIA_ALLOW_PRIVATE_ADDRESSES) lets them resolve to
/// loopback, link-local or private addresses, `media.timeout` (MEDIA_TIMEOUT) bounds the
/// download, body included.
package struct MediaSettings: Sendable, Equatable {
    package let policy: MediaHostPolicy
    package let timeout: Duration

    package init(policy: MediaHostPolicy, timeout: Duration) {
        self.policy = policy
        self.timeout = timeout
    }

    package static func load(from sources: ConfigurationSources) throws(ConfigurationError) -> MediaSettings {
        let values = ValueParser(sources: sources)
        var hosts: [MediaHost] = []
        for entry in values.list(.mediaHosts) {
            guard let host = MediaHost(entry) else {
                throw .invalid(
                    .mediaHosts,
                    accepted: "host names such as cdn.example.org, media*.example.org, cdn.example.org:8443 "
                        + "or http://cdn.example.org (to allow plain http for it)", got: entry)
            }
            hosts.append(host)
        }
        return MediaSettings(
            policy: MediaHostPolicy(
                extraHosts: hosts, allowsPrivateAddresses: try values.bool(.mediaAllowPrivateAddresses, default: false)),
            timeout: try values.seconds(.mediaTimeout, default: 20, allowZero: false))
    }
}

extension SettingKey {
    package static let mediaHosts = SettingKey("media.hosts")
    package static let mediaAllowPrivateAddresses = SettingKey("media.allow_private_addresses")
    package static let mediaTimeout = SettingKey("media.timeout")
}

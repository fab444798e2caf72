/// The reverse proxies whose `X-Forwarded-For` the gallery believes (`web.trusted_proxies`):
/// addresses or prefixes such as `127.0.0.1`, `10.0.0.0/8`, `fd00::/8`. Loopback by default, the
/// usual nginx on the same machine; a request from anywhere else is its own client, whatever
/// header it sends.
public struct TrustedProxies: Sendable, Equatable {
    struct Prefix: Sendable, Equatable {
        let address: [UInt8]
        let length: Int

        func contains(_ other: [UInt8]) -> Bool {
            guard other.count == address.count else { return false }
            let whole = length / 8, rest = length % 8
            guard other[..<whole] == address[..<whole] else { return false }
            guard rest > 0 else { return true }
            let mask = UInt8(0xFF) << (8 - rest)
            return other[whole] & mask == address[whole] & mask
        }
    }

    let prefixes: [Prefix]

    public static let loopback = TrustedProxies(
        prefixes: [
            Prefix(address: [127, 0, 0, 0], length: 8),
            Prefix(address: Array(repeating: 0, count: 15) + [1], length: 128),
        ])

    /// Nil when an entry is not an address or prefix (the configuration names it).
    public init?(_ entries: [String]) {
        var prefixes: [Prefix] = []
        for entry in entries {
            let parts = entry.split(separator: "/", maxSplits: 1)
            guard let first = parts.first, let address = IPAddressBytes(first) else { return nil }
            let bits = address.bytes.count * 8
            var length = bits
            if parts.count == 2 {
                guard let parsed = Int(parts[1]), (0...bits).contains(parsed) else { return nil }
                length = parsed
            }
            prefixes.append(Prefix(address: address.bytes, length: length))
        }
        self.prefixes = prefixes
    }

    private init(prefixes: [Prefix]) {
        self.prefixes = prefixes
    }

    func contains(_ address: IPAddressBytes) -> Bool {
        prefixes.contains { $0.contains(address.bytes) }
    }

    /// Who a request comes from: the connection's peer, or, when that is a trusted proxy, the
    /// address the proxies recorded before it (`X-Forwarded-For`, read from the right, past
    /// every trusted hop). A hop that is no address ends the walk at the last good one. Named by
    /// its `rateLimitKey`: an IPv6 client by its /64.
    func client(peer: IPAddressBytes?, forwardedFor headers: [String]) -> String {
        guard var client = peer else { return "unknown" }
        guard contains(client) else { return client.rateLimitKey }
        let hops = headers.flatMap { $0.split(separator: ",") }
        for hop in hops.reversed() {
            guard let address = IPAddressBytes(hop) else { break }
            client = address
            if !contains(address) { break }
        }
        return client.rateLimitKey
    }
}

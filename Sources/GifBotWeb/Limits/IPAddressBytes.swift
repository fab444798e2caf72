import Foundation
import NIOCore

/// An IP address as its bytes in network order: 4 for IPv4, 16 for IPv6. An IPv4 address that a
/// dual-stack socket shows as IPv6 (`::ffff:a.b.c.d`) is its 4 bytes, so one client is one key.
struct IPAddressBytes: Hashable, Sendable, CustomStringConvertible {
    let bytes: [UInt8]

    init?(_ text: some StringProtocol) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // A bracketed IPv6 literal, as some proxies write it.
        let bare = trimmed.hasPrefix("[") && trimmed.hasSuffix("]") ? String(trimmed.dropFirst().dropLast()) : trimmed
        guard let address = try? SocketAddress(ipAddress: bare, port: 0) else { return nil }
        self.init(address)
    }

    init?(_ address: SocketAddress) {
        switch address {
        case .v4(let v4):
            bytes = withUnsafeBytes(of: v4.address.sin_addr.s_addr) { Array($0) }
        case .v6(let v6):
            let all = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            let isMappedIPv4 = all[0..<10].allSatisfy { $0 == 0 } && all[10] == 0xFF && all[11] == 0xFF
            bytes = isMappedIPv4 ? Array(all[12...]) : all
        case .unixDomainSocket:
            return nil
        }
    }

    /// What a client's requests are counted under: an IPv4 address, or an IPv6 address's /64.
    /// One subscriber gets a /64 (or more) and may use any of its 2^64 addresses, so counting
    /// each address alone would give one person endless fresh limits.
    var rateLimitKey: String {
        guard bytes.count == 16 else { return description }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }

    var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: bytes.count, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        .joined(separator: ":")
    }
}

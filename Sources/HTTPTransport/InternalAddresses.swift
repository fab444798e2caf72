/// Addresses a download from a source's URL must not reach: this machine, the local network,
/// the cloud's metadata service (169.254.169.254), and ranges that are nobody's public host.
/// An address is its bytes in network order: 4 for IPv4, 16 for IPv6.
public enum InternalAddresses {
    public static func contains(_ address: [UInt8]) -> Bool {
        switch address.count {
        case 4: containsIPv4(address)
        case 16: containsIPv6(address)
        default: true
        }
    }

    private static func containsIPv4(_ a: [UInt8]) -> Bool {
        switch (a[0], a[1], a[2]) {
        case (0, _, _): true  // "this network", 0.0.0.0 included
        case (10, _, _): true  // private
        case (100, 64...127, _): true  // shared address space (carrier NAT)
        case (127, _, _): true  // loopback
        case (169, 254, _): true  // link-local, the cloud metadata address
        case (172, 16...31, _): true  // private
        case (192, 0, 0), (192, 0, 2): true  // protocol assignments, documentation
        case (192, 168, _): true  // private
        case (198, 18...19, _): true  // benchmarking
        case (198, 51, 100), (203, 0, 113): true  // documentation
        case (224..., _, _): true  // multicast, reserved, broadcast
        default: false
        }
    }

    private static func containsIPv6(_ a: [UInt8]) -> Bool {
        let embeddedIPv4 = Array(a[12..<16])
        if a[0..<12].allSatisfy({ $0 == 0 }) { return true }  // ::, ::1, and the deprecated IPv4-compatible ::a.b.c.d
        // ::ffff:a.b.c.d
        if a[0..<10].allSatisfy({ $0 == 0 }), a[10] == 0xFF, a[11] == 0xFF { return containsIPv4(embeddedIPv4) }
        if a[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return containsIPv4(embeddedIPv4) }  // NAT64
        if a[0] == 0x00, a[1] == 0x64, a[2] == 0xFF, a[3] == 0x9B { return true }  // local-use NAT64
        if a[0] == 0x20, a[1] == 0x02 { return containsIPv4(Array(a[2..<6])) }  // 6to4
        if a[0] == 0x20, a[1] == 0x01, a[2] == 0x0D, a[3] == 0xB8 { return true }  // documentation
        if a[0] == 0x01, a[1..<8].allSatisfy({ $0 == 0 }) { return true }  // discard-only
        if a[0] & 0xFE == 0xFC { return true }  // unique local fc00::/7
        if a[0] == 0xFE, a[1] & 0x80 == 0x80 { return true }  // link-local fe80::/10, site-local fec0::/10
        if a[0] == 0xFF { return true }  // multicast
        return false
    }
}

import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every address a host name (or address literal, in any form the system accepts) resolves
/// to, by the system resolver that AsyncHTTPClient's connections use too. getaddrinfo blocks,
/// so it runs on NIO's thread pool, never on an event loop or the cooperative pool.
public enum HostResolver {
    public struct Failed: Error, Sendable {
        public init() {}
    }

    /// Each address as its bytes in network order (4 or 16).
    public static func addresses(of host: String) async throws -> [[UInt8]] {
        try await NIOThreadPool.singleton.runIfActive { try blockingAddresses(of: host) }
    }

    private static func blockingAddresses(of host: String) throws -> [[UInt8]] {
        var hints = addrinfo()
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { throw Failed() }
        defer { freeaddrinfo(first) }
        var addresses: [[UInt8]] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next?.pointee {
            next = entry.ai_next
            guard let socketAddress = entry.ai_addr else { continue }
            switch entry.ai_family {
            case AF_INET:
                var address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                addresses.append(withUnsafeBytes(of: &address) { Array($0) })
            case AF_INET6:
                var address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    $0.pointee.sin6_addr
                }
                addresses.append(withUnsafeBytes(of: &address) { Array($0) })
            default:
                continue
            }
        }
        return addresses
    }
}

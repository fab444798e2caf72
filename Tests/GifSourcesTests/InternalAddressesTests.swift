import Foundation
import GifSources
import HTTPTransport
import Testing

/// Which resolved addresses a media download refuses, and that the check asks the resolver.
@Suite struct InternalAddressesTests {
    @Test(arguments: [
        "127.0.0.1", "127.1.2.3", "0.0.0.0", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1",
        "169.254.169.254", "100.64.0.1", "224.0.0.1", "255.255.255.255", "198.18.0.1",
        "::", "::1", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.1.2.3",
        "64:ff9b::a9fe:a9fe", "2002:7f00:1::1", "::127.0.0.1", "2001:db8::1",
    ])
    func internalAddressesAreRefused(_ text: String) throws {
        #expect(InternalAddresses.contains(try Self.bytes(text)))
    }

    @Test(arguments: [
        "151.101.2.2", "8.8.8.8", "172.32.0.1", "192.169.0.1", "100.128.0.1", "2606:4700::1111",
        "2a04:4e42::1", "::ffff:151.101.2.2", "2002:9765:0202::1",
    ])
    func publicAddressesPass(_ text: String) throws {
        #expect(!InternalAddresses.contains(try Self.bytes(text)))
    }

    @Test func theResolverReadsAddressesInEveryFormTheSystemDoes() async throws {
        #expect(try await HostResolver.addresses(of: "127.0.0.1") == [[127, 0, 0, 1]])
        // The decimal form, which a URL filter comparing strings would miss.
        #expect(try await HostResolver.addresses(of: "2130706433") == [[127, 0, 0, 1]])
        #expect(try await HostResolver.addresses(of: "::1") == [Array(repeating: 0, count: 15) + [1]])
        #expect(try await HostResolver.addresses(of: "localhost").allSatisfy(InternalAddresses.contains))
    }

    @Test func anAllowedHostResolvingToAPrivateAddressIsRefusedUnlessAllowed() async throws {
        let url = try #require(URL(string: "https://media.giphy.com/media/x/giphy.gif"))
        let hijacked = MediaDestinationRule(policy: .sourcesOnly) { _ in [[151, 101, 2, 2], [10, 0, 0, 7]] }
        #expect(
            await hijacked.refusal(of: url)?.contains("private") == true, "one internal address among several is enough"
        )
        let publicOnly = MediaDestinationRule(policy: .sourcesOnly) { _ in [[151, 101, 2, 2]] }
        #expect(await publicOnly.refusal(of: url) == nil)
        let unresolvable = MediaDestinationRule(policy: .sourcesOnly) { _ in throw HostResolver.Failed() }
        #expect(await unresolvable.refusal(of: url) != nil)
        let allowed = MediaDestinationRule(policy: MediaHostPolicy(allowsPrivateAddresses: true)) { _ in
            Issue.record("no resolution needed when private addresses are allowed")
            return []
        }
        #expect(await allowed.refusal(of: url) == nil)
    }

    @Test func theRealResolverRefusesALoopbackLiteral() async throws {
        let rule = MediaDestinationRule(
            policy: MediaHostPolicy(extraHosts: [try #require(MediaHost("http://2130706433:8080"))]))
        #expect(
            await rule.refusal(of: try #require(URL(string: "http://2130706433:8080/x.gif")))?.contains("private")
                == true)
    }

    static func bytes(_ text: String) throws -> [UInt8] {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { throw CocoaError(.formatting) }
        return withUnsafeBytes(of: &v6) { Array($0) }
    }
}

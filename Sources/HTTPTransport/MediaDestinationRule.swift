import Foundation

/// Downloads of GIF media: the URL's host must be one of the policy's media hosts and,
/// unless the policy allows private addresses, every address it resolves to public.
///
/// The address is checked by resolving the name just before the request; AsyncHTTPClient
/// then resolves it again to connect (it offers no hook at connect time). A name whose DNS
/// answer changes in between (DNS rebinding) could still reach an internal address; that
/// needs control of an allowed media host's DNS, which the host allow-list keeps to the
/// sources' own CDNs and the operator's choices.
public struct MediaDestinationRule: DestinationRule {
    public let policy: MediaHostPolicy
    private let resolve: @Sendable (String) async throws -> [[UInt8]]

    public init(
        policy: MediaHostPolicy,
        resolve: @escaping @Sendable (String) async throws -> [[UInt8]] = HostResolver.addresses(of:)
    ) {
        self.policy = policy
        self.resolve = resolve
    }

    public func refusal(of url: URL) async -> String? {
        if let reason = policy.hostRefusal(url) { return reason }
        guard !policy.allowsPrivateAddresses, let origin = URLOrigin(url) else { return nil }
        guard let addresses = try? await resolve(origin.host), !addresses.isEmpty else {
            return "could not resolve \(origin.host)"
        }
        if addresses.contains(where: InternalAddresses.contains) {
            return "\(origin.host) resolves to a loopback, link-local or private address"
        }
        return nil
    }
}

import Synchronization

/// Resolves names typed in chat per network: each adapter registers how its network names
/// users (IRC accounts and case-folded nicks, Matrix ids); other networks lower-case.
public final class NetworkUserNames: UserNameResolving {
    private let resolvers = Mutex<[String: any UserNameResolving]>([:])

    public init() {}

    public func register(_ resolver: any UserNameResolving, for network: String) {
        resolvers.withLock { $0[network] = resolver }
    }

    public func userID(forName name: String, network: String) -> String {
        let resolver = resolvers.withLock { $0[network] }
        return resolver?.userID(forName: name, network: network) ?? name.lowercased()
    }

    public func displayName(forUserID id: String, network: String) -> String {
        let resolver = resolvers.withLock { $0[network] }
        return resolver?.displayName(forUserID: id, network: network) ?? id
    }
}

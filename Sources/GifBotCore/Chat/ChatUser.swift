/// Someone who talks to the bot, as an adapter identifies them.
public struct ChatUser: Sendable, Hashable {
    /// The network the user is on (an IRC network name, a Matrix homeserver, "console").
    public let network: String
    /// Stable id within the network, already normalised by the adapter (an IRC services
    /// account or case-folded nick, a Matrix user id). Favorites and recent searches hang on it.
    public let id: String
    /// The name to address the user by in replies.
    public let displayName: String

    public init(network: String, id: String, displayName: String) {
        self.network = network
        self.id = id
        self.displayName = displayName
    }

    var storeKey: UserKey { UserKey(network: network, userID: id) }
}

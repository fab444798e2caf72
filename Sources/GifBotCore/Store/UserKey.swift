/// Identifies one person the bot keeps state for: the network they are on plus the adapter's
/// stable id for them (an IRC account or case-folded nick, a Matrix user id, a console login).
public struct UserKey: Hashable, Sendable, CustomStringConvertible {
    public let network: String
    public let userID: String

    public init(network: String, userID: String) {
        self.network = network
        self.userID = userID
    }

    public var description: String { "\(network)/\(userID)" }
}

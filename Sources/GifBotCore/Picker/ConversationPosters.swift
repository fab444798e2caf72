import Synchronization

/// The networks' posters by network name, filled in by the adapters as they start (as
/// `NetworkUserNames` is): the gallery posts through the bot, which finds the network here.
public final class ConversationPosters: Sendable {
    private let posters = Mutex<[String: any ConversationPosting]>([:])

    public init() {}

    public func register(_ poster: any ConversationPosting, for network: String) {
        posters.withLock { $0[network] = poster }
    }

    func poster(for network: String) -> (any ConversationPosting)? {
        posters.withLock { $0[network] }
    }
}

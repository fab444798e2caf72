import Synchronization

/// The networks' posters by network name, filled in by the adapters as they start (as
/// `NetworkUserNames` is): the gallery posts through the bot, which finds the network here. A
/// network with several connections (Matrix accounts share the network "matrix") has a poster
/// for each, asked in turn until one is in the conversation.
public final class ConversationPosters: Sendable {
    private let posters = Mutex<[String: [any ConversationPosting]]>([:])

    public init() {}

    public func register(_ poster: any ConversationPosting, for network: String) {
        posters.withLock { $0[network, default: []].append(poster) }
    }

    /// Whether any connection of the network sees `userID` joined to `conversation`.
    func isJoined(_ userID: String, in conversation: String, on network: String) async -> Bool {
        for poster in posters.withLock({ $0[network] ?? [] }) where await poster.isJoined(userID, in: conversation) {
            return true
        }
        return false
    }

    /// The first name a connection of the network knows for `conversation`.
    func conversationName(_ conversation: String, on network: String) async -> String? {
        for poster in posters.withLock({ $0[network] ?? [] }) {
            if let name = await poster.conversationName(conversation) { return name }
        }
        return nil
    }

    /// Nil when no adapter of that network runs.
    func post(_ pick: PickedGif, on network: String) async -> PickDelivery? {
        let candidates = posters.withLock { $0[network] ?? [] }
        guard !candidates.isEmpty else { return nil }
        for poster in candidates where await poster.post(pick) == .posted { return .posted }
        return .unavailable
    }
}

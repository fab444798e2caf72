import GifBotCore
import Synchronization

/// A network's posting side for tests of the core: keeps every pick handed to it, and answers
/// as a connected network in the channel would (or, told so, as one that is not).
public final class RecordingPoster: ConversationPosting {
    private let state = Mutex<(picks: [PickedGif], connected: Bool)>(([], true))
    /// The names it gives conversations, as a Matrix account gives rooms' names.
    private let names: [String: String]

    public init(names: [String: String] = [:]) { self.names = names }

    public func conversationName(_ conversation: String) async -> String? { names[conversation] }

    public var picks: [PickedGif] { state.withLock { $0.picks } }

    public func disconnect() { state.withLock { $0.connected = false } }

    public func post(_ pick: PickedGif) async -> PickDelivery {
        state.withLock { state in
            guard state.connected else { return .unavailable }
            state.picks.append(pick)
            return .posted
        }
    }
}

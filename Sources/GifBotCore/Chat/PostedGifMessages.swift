import Synchronization

/// Which GIF each of the bot's recent GIF messages shows, by the network's message id, so a
/// reaction to one (Matrix 💾) knows what to save. In memory and bounded: saving by reaction is
/// for GIFs still on screen, and a flood of posts cannot grow it.
final class PostedGifMessages: Sendable {
    static let kept = 2_000

    private struct Key: Hashable {
        let conversation: String
        let messageID: String
    }

    private struct State {
        var gifs: [Key: String] = [:]
        /// Keys oldest first, to drop the oldest past `kept`.
        var order: [Key] = []
    }

    private let state = Mutex(State())

    func record(gifID: String, conversation: String, messageID: String) {
        let key = Key(conversation: conversation, messageID: messageID)
        state.withLock { state in
            if state.gifs.updateValue(gifID, forKey: key) == nil { state.order.append(key) }
            if state.order.count > Self.kept {
                let dropped = state.order.count - Self.kept
                for old in state.order.prefix(dropped) { state.gifs[old] = nil }
                state.order.removeFirst(dropped)
            }
        }
    }

    func gifID(conversation: String, messageID: String) -> String? {
        state.withLock { $0.gifs[Key(conversation: conversation, messageID: messageID)] }
    }
}

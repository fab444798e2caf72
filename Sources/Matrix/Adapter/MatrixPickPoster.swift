import GifBotCore
import Synchronization

/// Posts what someone picked in the gallery into a room of this account (`ConversationPosting`):
/// the GIF as any post of the bot's, uploaded (encrypted in an encrypted room), its caption
/// naming who picked it, mentioning nobody. It posts through the sender of the running session;
/// between sessions (logging in again) there is none, and a pick is not posted.
final class MatrixPickPoster: ConversationPosting {
    private let current = Mutex<MatrixReplySender?>(nil)
    private let names = RoomNames()

    /// The session's sender from now on; nil when the session ended.
    func use(_ sender: MatrixReplySender?) {
        current.withLock { $0 = sender }
    }

    func isJoined(_ userID: String, in conversation: String) async -> Bool {
        guard let sender = current.withLock({ $0 }) else { return false }
        return (try? await sender.client.joinedMembers(of: conversation))?.contains(userID) ?? false
    }

    func conversationName(_ conversation: String) async -> String? {
        guard let sender = current.withLock({ $0 }) else { return nil }
        return await names.name(of: conversation, using: sender.client)
    }

    func post(_ pick: PickedGif) async -> PickDelivery {
        guard let sender = current.withLock({ $0 }) else { return .unavailable }
        let card = pick.card
        let caption = "\(pick.pickerName) picked: \(card.title)" + (card.caption.map { " — \($0)" } ?? "")
        let content = await sender.gifContent(
            card, room: pick.conversation, inReplyTo: nil, caption: caption, leadsLink: true)
        // Refused for good (the account is not in that room): another account may be.
        guard
            let eventID = await sender.send(
                content, to: pick.conversation, transactionID: MatrixTransactionID.unprompted())
        else { return .unavailable }
        sender.record(eventID, showing: card, room: pick.conversation, user: pick.pickerID)
        return .posted
    }
}

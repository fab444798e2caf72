/// One line of chat addressed to (or overheard by) the bot.
public struct ChatMessage: Sendable, Equatable {
    public let user: ChatUser
    /// Where it was said: a channel or room id, or the user's own id for a private message.
    public let conversation: String
    public let isPrivate: Bool
    public let text: String

    public init(user: ChatUser, conversation: String, isPrivate: Bool = false, text: String) {
        self.user = user
        self.conversation = conversation
        self.isPrivate = isPrivate
        self.text = text
    }
}

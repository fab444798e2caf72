/// Someone's reaction (an emoji) to one of the bot's own messages. Networks with reactions
/// (Matrix `m.reaction`) hand each to the core as it came; what one means is the core's business
/// (today a preview's ✅ 🔀 ❌ and a list's 1️⃣ 2️⃣ 3️⃣; reactions to other messages mean nothing).
public struct ChatReaction: Sendable, Equatable {
    public let user: ChatUser
    /// Where the reacted message is.
    public let conversation: String
    /// The network's id of the bot's message reacted to.
    public let messageID: String
    /// The reaction key as sent (an emoji, with or without a variation selector).
    public let key: String
    public let senderIsAdmin: Bool
    public let receivedAt: ContinuousClock.Instant
    /// As `ChatMessage.senderIsMember`: a 💾 saves to the channel's collection, members only.
    public let senderIsMember: Bool

    public init(
        user: ChatUser, conversation: String, messageID: String, key: String, senderIsAdmin: Bool = false,
        receivedAt: ContinuousClock.Instant = .now, senderIsMember: Bool = true
    ) {
        self.senderIsMember = senderIsMember
        self.user = user
        self.conversation = conversation
        self.messageID = messageID
        self.key = key
        self.senderIsAdmin = senderIsAdmin
        self.receivedAt = receivedAt
    }

    /// The key without variation selectors, so "✅" and "✅\u{FE0F}" are one answer.
    var plainKey: String {
        String(String.UnicodeScalarView(key.unicodeScalars.filter { $0.value != 0xFE0F && $0.value != 0xFE0E }))
    }
}

/// One line of chat addressed to (or overheard by) the bot.
public struct ChatMessage: Sendable, Equatable {
    public let user: ChatUser
    /// Where it was said: a channel or room id, or the user's own id for a private message.
    public let conversation: String
    public let isPrivate: Bool
    public let text: String
    /// Whether the adapter recognised the sender as a bot admin (by services account where the
    /// network has accounts, so a nick alone never grants it there).
    public let senderIsAdmin: Bool
    /// When the adapter read the line. The cooldown counts commands by this instant, not by when
    /// a busy process got round to them, so a burst cannot slip past the limit by being slow.
    public let receivedAt: ContinuousClock.Instant
    /// The network's id of the line (an IRCv3 `msgid`, a Matrix event id), when it has one: a
    /// preview chosen later still answers the command that asked for it.
    public let messageID: String?
    /// Whether the sender is in the channel as the adapter last saw its members. Commands that
    /// read or change the channel's own state (its collection, settings, gallery grants) are
    /// refused to a non-member: on IRC a channel without +n takes lines from anyone. Networks
    /// whose server admits only members' messages (Matrix) and private messages leave it true.
    public let senderIsMember: Bool
    /// Who besides bot admins are this channel's admins, as the network calls them and refusals
    /// name them ("channel operators"); nil where only bot admins are (`bot.channel_admins:
    /// none`, private messages, networks without channel admins).
    public let channelAdminTitle: String?

    public init(
        user: ChatUser, conversation: String, isPrivate: Bool = false, text: String, senderIsAdmin: Bool = false,
        receivedAt: ContinuousClock.Instant = .now, messageID: String? = nil, senderIsMember: Bool = true,
        channelAdminTitle: String? = nil
    ) {
        self.senderIsMember = senderIsMember
        self.channelAdminTitle = channelAdminTitle
        self.messageID = messageID
        self.user = user
        self.conversation = conversation
        self.isPrivate = isPrivate
        self.text = text
        self.senderIsAdmin = senderIsAdmin
        self.receivedAt = receivedAt
    }
}

/// A GIF someone picked in the gallery, for the network to post into the conversation the
/// picker was opened for, naming who picked it.
public struct PickedGif: Sendable, Equatable {
    /// With the picker's caption, if they wrote one.
    public let card: GifCard
    /// The channel or room, as the network's adapter names it.
    public let conversation: String
    /// Who picked it, as the post names them (without pinging them where the network can).
    public let pickerName: String
    /// The picker's own id on the network (a Matrix user id), for networks that name people by it.
    public let pickerID: String

    public init(card: GifCard, conversation: String, pickerName: String, pickerID: String) {
        self.card = card
        self.conversation = conversation
        self.pickerName = pickerName
        self.pickerID = pickerID
    }
}

/// What became of a pick handed to a network.
public enum PickDelivery: Sendable, Equatable {
    /// Handed to the network's connection to post.
    case posted
    /// Not connected now, or not in that conversation: nothing was posted.
    case unavailable
}

/// How a network posts what a person picked outside chat (the gallery's picker). Each chat
/// adapter registers one for its network in `ConversationPosters`.
public protocol ConversationPosting: Sendable {
    func post(_ pick: PickedGif) async -> PickDelivery
    /// Whether `userID` is a joined member of `conversation` now, as the connection sees it (the
    /// picker widget's person must be in the room).
    func isJoined(_ userID: String, in conversation: String) async -> Bool
    /// What people call the conversation, where its id is not that (a Matrix room's name for
    /// `!abc:example.org`); nil when it has none, or the network's id is its name (IRC).
    func conversationName(_ conversation: String) async -> String?
}

extension ConversationPosting {
    /// Networks whose widget questions never come (IRC) know of no one.
    public func isJoined(_ userID: String, in conversation: String) async -> Bool { false }
    /// A channel's name is its id (IRC).
    public func conversationName(_ conversation: String) async -> String? { nil }
}

import Logging

/// What the connection should do after the client state has seen an event.
public enum IRCClientAction: Sendable, Equatable {
    /// Write a line. Registration, PONG and QUIT bypass the flood bucket: a server that waits
    /// for them must not wait behind queued replies.
    case send(IRCMessage, bypassFloodControl: Bool)
    /// Someone said something the bot may answer.
    case chat(IncomingChat)
    /// Someone left a channel the bot is in (or the identity they were in it as ended).
    case departed(ChannelDeparture)
    case log(Logger.Level, String)
    /// Close the connection (the adapter reconnects unless it is shutting down).
    case disconnect(reason: String)
}

/// A PRIVMSG addressed to a channel the bot is in, or to the bot itself.
public struct IncomingChat: Sendable, Equatable {
    public let nick: String
    /// The services account, when the server tells it (`account-tag`).
    public let account: String?
    /// Where to answer: the channel, or the sender's nick for a private message.
    public let replyTarget: String
    public let isPrivate: Bool
    public let text: String
    /// The server's id of the message, to thread the answer (`+reply`).
    public let messageID: String?
    public let senderIsAdmin: Bool
    /// Whether the sender is in the channel as the bot's tracking says; true in private.
    public let senderIsMember: Bool
}

extension IncomingChat {
    /// The same line as if its sender had said it to the bot in private: answers go to the nick.
    var privately: IncomingChat {
        IncomingChat(
            nick: nick, account: account, replyTarget: nick, isPrivate: true, text: text, messageID: nil,
            senderIsAdmin: senderIsAdmin, senderIsMember: true)
    }
}

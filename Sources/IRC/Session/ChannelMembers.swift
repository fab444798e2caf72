/// Who is in one channel, as the bot last saw it (NAMES, JOIN, PART, KICK, QUIT, NICK): nicks
/// folded by the server's CASEMAPPING. One small value per channel, so what a member holds
/// there (prefix modes, for channel operators) can be kept beside their name later.
struct ChannelMembers: Sendable, Equatable {
    /// A channel bigger than this is tracked up to it; those past it count as outside (they are
    /// refused the channel's commands rather than the bot growing without bound).
    static let maximumMembers = 20_000

    private var folded: Set<String> = []

    var count: Int { folded.count }

    func contains(_ foldedNick: String) -> Bool { folded.contains(foldedNick) }

    /// False when the channel is full (see `maximumMembers`) and `foldedNick` is not in it.
    @discardableResult
    mutating func insert(_ foldedNick: String) -> Bool {
        guard folded.count < Self.maximumMembers || folded.contains(foldedNick) else { return false }
        folded.insert(foldedNick)
        return true
    }

    /// Whether `foldedNick` was a member.
    @discardableResult
    mutating func remove(_ foldedNick: String) -> Bool {
        folded.remove(foldedNick) != nil
    }

    /// A member changed nick; false when `old` was not a member here.
    mutating func rename(_ old: String, to new: String) -> Bool {
        guard remove(old) else { return false }
        folded.insert(new)
        return true
    }
}

/// Someone is no longer in a channel under the identity they had there: the adapter ends what
/// that identity was granted for the channel (the gallery's view of its collection).
public struct ChannelDeparture: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case parted, kicked, quit
        /// A nick change: a person known by nick alone (no services account) is someone else
        /// to the bot under the new nick, so the old nick's grants end.
        case renamed
    }

    /// The nick they left under (the old nick for `renamed`).
    public let nick: String
    /// Their services account, when the line said it (an `account` tag of their own line).
    public let account: String?
    public let channel: String
    public let reason: Reason
}

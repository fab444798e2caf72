/// Who is in one channel, as the bot last saw it (NAMES, JOIN, PART, KICK, QUIT, NICK, MODE):
/// nicks folded by the server's CASEMAPPING, each with the status modes they hold there (`o`
/// for a channel operator), which make them the channel's admins.
struct ChannelMembers: Sendable, Equatable {
    /// A channel bigger than this is tracked up to it; those past it count as outside (they are
    /// refused the channel's commands rather than the bot growing without bound).
    static let maximumMembers = 20_000

    /// Each member's status modes in the channel (`o`, `v`, …), by folded nick.
    private var statuses: [String: Set<Character>] = [:]

    var count: Int { statuses.count }

    func contains(_ foldedNick: String) -> Bool { statuses[foldedNick] != nil }

    /// The member's status modes; empty for a member without any, and for someone not here.
    func modes(of foldedNick: String) -> Set<Character> { statuses[foldedNick] ?? [] }

    /// False when the channel is full (see `maximumMembers`) and `foldedNick` is not in it.
    @discardableResult
    mutating func insert(_ foldedNick: String) -> Bool {
        guard statuses.count < Self.maximumMembers || statuses[foldedNick] != nil else { return false }
        if statuses[foldedNick] == nil { statuses[foldedNick] = [] }
        return true
    }

    /// The member's statuses as NAMES lists them, replacing what was known.
    mutating func setModes(_ modes: Set<Character>, of foldedNick: String) {
        guard statuses[foldedNick] != nil else { return }
        statuses[foldedNick] = modes
    }

    /// A MODE line gave or took one status; nothing for someone not tracked here.
    mutating func set(_ mode: Character, _ isOn: Bool, for foldedNick: String) {
        guard statuses[foldedNick] != nil else { return }
        if isOn { statuses[foldedNick]?.insert(mode) } else { statuses[foldedNick]?.remove(mode) }
    }

    /// Whether `foldedNick` was a member.
    @discardableResult
    mutating func remove(_ foldedNick: String) -> Bool {
        statuses.removeValue(forKey: foldedNick) != nil
    }

    /// A member changed nick, keeping their statuses (whoever takes the old nick gets none);
    /// false when `old` was not a member here.
    mutating func rename(_ old: String, to new: String) -> Bool {
        guard let modes = statuses.removeValue(forKey: old) else { return false }
        statuses[new] = modes
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

import GifBotCore
import Logging

extension IRCClientState {
    /// Members tracked over all channels at most: past it, newcomers count as outside until
    /// someone leaves (refused a channel's commands, never a bot that grows without bound).
    static let maximumTrackedMembers = 100_000

    /// Whether `nick` is in `channel` as far as the bot saw. A channel the bot is not in, or
    /// whose NAMES did not list them yet, counts as not: a channel command is refused rather
    /// than granted on a guess.
    public func isMember(_ nick: String, of channel: String) -> Bool {
        members[fold(channel)]?.contains(fold(nick)) == true
    }

    /// Whether `nick` is one of `channel`'s admins by their status there: a channel operator, or
    /// a status ranked above it (`&` admin, `~` founder), or a half-operator where
    /// `irc.halfops_are_admins` says so; never under `bot.channel_admins: none`. A status is
    /// held by a member as the bot saw it given (NAMES, MODE), so a nick change keeps it and
    /// whoever takes an operator's old nick gains nothing.
    public func isChannelAdmin(_ nick: String, of channel: String) -> Bool {
        guard configuration.channelAdmins == .operators else { return false }
        let held = members[fold(channel)]?.modes(of: fold(nick)) ?? []
        return !held.isDisjoint(with: adminModes)
    }

    /// `o` and the statuses ranked above it in PREFIX, and `h` when half-operators count.
    private var adminModes: Set<Character> {
        let statuses = isupport.memberStatuses.map(\.mode)
        var modes = Set(statuses.prefix { $0 != "o" } + ["o"])
        if configuration.halfopsAreAdmins { modes.insert("h") }
        return modes
    }

    /// How many members are tracked in `channel` (tests, bounds).
    func memberCount(of channel: String) -> Int { members[fold(channel)]?.count ?? 0 }

    /// Over all channels; summed when asked (the bot is in few channels), so it cannot drift.
    var trackedMemberCount: Int { members.values.reduce(0) { $0 + $1.count } }

    /// NAMES (353), and JOIN, PART, KICK, QUIT, NICK and MODE of others; the bot's own JOIN, PART
    /// and KICK are handled with its channels and come here too, to start or forget a channel.
    mutating func receiveMembership(_ message: IRCMessage) -> [IRCClientAction] {
        switch message.command {
        case "353": return receiveNames(message)
        case "JOIN":
            guard let nick = message.sourceNick, let channel = message.parameters.first else { return [] }
            if isOwnNick(nick) {
                // NAMES follows the bot's own JOIN and lists everyone, the bot included.
                let folded = fold(channel)
                members[folded] = ChannelMembers()
                return []
            }
            return admit(fold(nick), to: fold(channel))
        case "PART":
            guard let nick = message.sourceNick, let list = message.parameters.first else { return [] }
            return list.split(separator: ",").flatMap { channel in
                leave(nick, account: Self.ownAccount(of: message), from: String(channel), reason: .parted)
            }
        case "KICK":
            guard message.parameters.count >= 2 else { return [] }
            // The account tag of a KICK is the kicker's, not the kicked member's.
            return leave(message.parameters[1], account: nil, from: message.parameters[0], reason: .kicked)
        case "QUIT":
            guard let nick = message.sourceNick, !isOwnNick(nick) else { return [] }
            return channelsHolding(nick).flatMap { channel in
                leave(nick, account: Self.ownAccount(of: message), from: channel, reason: .quit)
            }
        case "NICK":
            guard let old = message.sourceNick, let new = message.parameters.first, !isOwnNick(old) else { return [] }
            return rename(old, to: new, account: Self.ownAccount(of: message))
        case "MODE":
            return receiveChannelModes(message)
        default:
            return []
        }
    }

    /// `353 me = #chan :@alice +bob carol`: each name with its statuses taken from its prefixes
    /// (several with multi-prefix, `@+alice`; the highest alone without it), without
    /// `!user@host` (userhost-in-names).
    private mutating func receiveNames(_ message: IRCMessage) -> [IRCClientAction] {
        guard message.parameters.count >= 3, let names = message.parameters.last else { return [] }
        let channel = fold(message.parameters[message.parameters.count - 2])
        guard members[channel] != nil else { return [] }
        let modeBySymbol = Dictionary(
            isupport.memberStatuses.map { ($0.symbol, $0.mode) }, uniquingKeysWith: { first, _ in first })
        var refused = 0
        for entry in names.split(separator: " ") {
            let symbols = entry.prefix { modeBySymbol[$0] != nil }
            let name = entry.dropFirst(symbols.count).prefix { $0 != "!" }
            guard !name.isEmpty else { continue }
            let nick = fold(String(name))
            if !admit(nick, to: channel).isEmpty { refused += 1 }
            let modes = Set(symbols.compactMap { modeBySymbol[$0] })
            members[channel]?.setModes(modes, of: nick)
        }
        return refused > 0 ? [.log(.warning, "tracking members: \(refused) not tracked in \(channel)")] : []
    }

    /// `MODE #chan +o-v alice bob`: statuses given and taken. Parameters are matched to modes by
    /// ISUPPORT's PREFIX and CHANMODES; a mode the server did not declare ends the reading of
    /// the line, since its parameter, if it has one, cannot be placed: a status is never given
    /// to the wrong nick (one missed is corrected by the next NAMES, at the next join).
    private mutating func receiveChannelModes(_ message: IRCMessage) -> [IRCClientAction] {
        guard message.parameters.count >= 2 else { return [] }
        let target = message.parameters[0]
        guard isupport.channelTypes.contains(where: { target.hasPrefix(String($0)) }) else { return [] }
        let channel = fold(target)
        guard members[channel] != nil else { return [] }
        let statuses = Set(isupport.memberStatuses.map(\.mode))
        var arguments = message.parameters.dropFirst(2).makeIterator()
        var adding = true
        for mode in message.parameters[1] {
            if mode == "+" || mode == "-" {
                adding = mode == "+"
            } else if statuses.contains(mode) {
                guard let nick = arguments.next() else { return [] }
                let member = fold(nick)
                members[channel]?.set(mode, adding, for: member)
            } else {
                switch isupport.parameter(of: mode) {
                case .always: _ = arguments.next()
                case .whenSet: if adding { _ = arguments.next() }
                case .never: continue
                case nil:
                    return [.log(.debug, "MODE \(channel): undeclared mode \(mode), the rest of the line not read")]
                }
            }
        }
        return []
    }

    /// Adds a member; a log line when a bound keeps them out.
    private mutating func admit(_ nick: String, to channel: String) -> [IRCClientAction] {
        guard members[channel] != nil else { return [] }
        if members[channel]?.contains(nick) == true { return [] }
        guard trackedMemberCount < Self.maximumTrackedMembers, members[channel]?.insert(nick) == true else {
            return [.log(.warning, "member limit reached; \(nick) in \(channel) is not tracked")]
        }
        return []
    }

    private mutating func leave(
        _ nick: String, account: String?, from channel: String, reason: ChannelDeparture.Reason
    ) -> [IRCClientAction] {
        let folded = fold(channel)
        if isOwnNick(nick) {
            members[folded] = nil
            return []
        }
        let member = fold(nick)
        guard members[folded]?.remove(member) == true else { return [] }
        return [.departed(ChannelDeparture(nick: nick, account: account, channel: folded, reason: reason))]
    }

    /// A member known by nick alone is another person to the bot under a new nick: the old
    /// nick's grants end in every channel they are in, and they stay members under the new one.
    private mutating func rename(_ old: String, to new: String, account: String?) -> [IRCClientAction] {
        let (from, to) = (fold(old), fold(new))
        var actions: [IRCClientAction] = []
        for channel in channelsHolding(old) where members[channel]?.rename(from, to: to) == true && from != to {
            actions.append(.departed(ChannelDeparture(nick: old, account: account, channel: channel, reason: .renamed)))
        }
        return actions
    }

    /// The folded names of the channels `nick` is tracked in.
    private func channelsHolding(_ nick: String) -> [String] {
        let folded = fold(nick)
        return members.compactMap { $0.value.contains(folded) ? $0.key : nil }
    }

    /// The account a line's own sender is logged in as (`account-tag`), nil when not told.
    static func ownAccount(of message: IRCMessage) -> String? {
        message.tags["account"].flatMap { $0.isEmpty || $0 == "*" ? nil : $0 }
    }
}

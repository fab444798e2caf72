/// Which nick to ask for while registering, and which to regain later: the configured nick, cut
/// to the server's nick length once that is known, then alternates that fit (`gifbot_`,
/// `gifbot__`, `gifbot1`, …).
///
/// Servers differ on a nick longer than their limit: ircu and irc2 cut it and answer as if the
/// cut nick had been asked for (so `gifbotgifbot_` is refused as the taken `gifbotgifbot`),
/// ngIRCd refuses it as erroneous (432). Without knowing the limit a client asks for alternates
/// that all come back as the same taken nick, and never registers. The limit is ISUPPORT
/// NICKLEN when the server sent it (only after registration, so kept for the next connection),
/// or learned from the cut nick a 433 names, or guessed down from a 432.
public struct NickChoice: Sendable, Equatable {
    /// RFC 1459 promises nine characters: a 432 never makes the guessed limit shorter.
    public static let guaranteedLength = 9
    /// NICK attempts in one registration before giving up on this connection (the adapter then
    /// reconnects with its backoff): a server that refuses everything must not be flooded.
    public static let maximumAttempts = 30

    public let configured: String
    /// The longest nick the server accepts, when known.
    public private(set) var lengthLimit: Int?
    /// 0: the configured nick; n: the nth alternate.
    private var index = 0
    public private(set) var attempts = 1

    public init(configured: String, lengthLimit: Int? = nil) {
        self.configured = configured
        self.lengthLimit = lengthLimit
    }

    /// The nick asked for last.
    public var current: String { Self.candidate(configured, index: index, lengthLimit: lengthLimit) }

    /// The nick to hold, and to regain while using an alternate: the configured one as the
    /// server can hold it. A nick the server cut is the one it can hold; asking for the
    /// configured one again would be cut again, forever.
    public var wanted: String { Self.candidate(configured, index: 0, lengthLimit: lengthLimit) }

    /// The `index`th nick to try, within `lengthLimit`: the base is shortened, never the suffix,
    /// so every alternate still differs from the taken nick.
    public static func candidate(_ base: String, index: Int, lengthLimit: Int?) -> String {
        let suffix = index <= 0 ? "" : index <= 2 ? String(repeating: "_", count: index) : String(index - 2)
        guard let lengthLimit else { return base + suffix }
        return String(base.prefix(max(1, lengthLimit - suffix.count))) + suffix
    }

    /// The server says `named` is in use (433), held (437) or collided (436) in answer to
    /// `current`. A `named` that is a shorter form of `current` is the server's cut: its length
    /// is the limit, and the same alternate cut to fit (`gifbotgifbo_` for `gifbotgifbot_`) was
    /// never tried. Returns the next nick to ask for, or nil when attempts are used up.
    public mutating func taken(named: String?, fold: (String) -> String) -> String? {
        let sent = current
        if let named, !named.isEmpty, named.count < sent.count, fold(String(sent.prefix(named.count))) == fold(named) {
            learn(lengthLimit: named.count)
            if fold(current) == fold(named) { index += 1 }
        } else {
            index += 1
        }
        return nextAttempt()
    }

    /// The server refused `current` as erroneous (432). Over nine characters that is most
    /// likely its length (ngIRCd): the same nick one shorter is next; otherwise the next alternate.
    public mutating func refused() -> String? {
        let sent = current
        if sent.count > Self.guaranteedLength {
            learn(lengthLimit: sent.count - 1)
        } else {
            index += 1
        }
        return nextAttempt()
    }

    /// The server registered the bot as `given` (001): if that is a cut of what was asked for,
    /// the cut length is the limit.
    public mutating func registered(as given: String, fold: (String) -> String) {
        let sent = current
        if given.count < sent.count, fold(String(sent.prefix(given.count))) == fold(given) {
            learn(lengthLimit: given.count)
        }
    }

    /// ISUPPORT NICKLEN: the server's own word replaces any guess.
    public mutating func serverAnnounced(lengthLimit: Int) {
        guard lengthLimit > 0 else { return }
        self.lengthLimit = lengthLimit
    }

    private mutating func learn(lengthLimit limit: Int) {
        guard limit > 0 else { return }
        lengthLimit = min(lengthLimit ?? limit, limit)
    }

    private mutating func nextAttempt() -> String? {
        guard attempts < Self.maximumAttempts else { return nil }
        attempts += 1
        return current
    }
}

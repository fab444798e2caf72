/// Why a server refused a JOIN, from the numeric it answered with.
public enum JoinRefusal: String, Sendable, Equatable, CaseIterable {
    case noSuchChannel = "403"
    case tooManyChannels = "405"
    case full = "471"
    case inviteOnly = "473"
    case banned = "474"
    case badKey = "475"
    case badChannelName = "476"
    case needsAccount = "477"

    public init?(numeric: String) {
        self.init(rawValue: numeric)
    }

    /// For operators: the log line and `/readyz`.
    public var reason: String {
        switch self {
        case .noSuchChannel: "no such channel"
        case .tooManyChannels: "in too many channels"
        case .full: "channel full"
        case .inviteOnly: "invite-only"
        case .banned: "banned"
        case .badKey: "wrong or missing key"
        case .badChannelName: "bad channel name"
        case .needsAccount: "needs a registered account"
        }
    }

    /// Whether the same JOIN can succeed later without the operator changing the bot's
    /// configuration: a mode lifted, a ban removed, a key set back, a place freed, services
    /// back. A name the server rejects stays rejected, and the bot leaves no channels on its
    /// own to make room, so those are tried again only on the next connection.
    public var isWorthRetrying: Bool {
        switch self {
        case .full, .inviteOnly, .banned, .badKey, .needsAccount: true
        case .noSuchChannel, .tooManyChannels, .badChannelName: false
        }
    }
}

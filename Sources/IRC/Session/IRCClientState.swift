import Foundation
import Logging

/// The protocol logic of one IRC connection as a pure state machine: it is fed the lines the
/// server sends and a clock tick, and answers with actions. Keeping it free of I/O lets every
/// rule (CAP negotiation, SASL timeouts, nick fallback, liveness) be tested line by line.
public struct IRCClientState: Sendable {
    /// Capabilities the bot uses when the server offers them.
    static let wantedCapabilities: Set<String> = [
        "message-tags", "server-time", "account-tag", "echo-message", "batch",
        "labeled-response", "cap-notify", "multi-prefix",
    ]

    enum Phase: Sendable, Equatable {
        case registering
        case registered
        case closing
    }

    enum SASLProgress: Sendable, Equatable {
        case idle
        /// Waiting for the server; gives up at the deadline.
        case waiting(deadline: ContinuousClock.Instant)
        case finished
    }

    let configuration: IRCNetworkConfiguration
    let version: String
    var phase = Phase.registering
    var connectedAt: ContinuousClock.Instant
    var lastReceived: ContinuousClock.Instant

    // Capabilities
    var offeredCapabilities: [String: String] = [:]
    var capabilityListComplete = false
    var enabledCapabilities: Set<String> = []
    var pendingCapabilityRequests = 0
    var capabilityNegotiationEnded = false
    var sasl = SASLProgress.idle

    // Identity
    public internal(set) var nick: String
    var nickChoice: NickChoice
    var lastNickRegainAttempt: ContinuousClock.Instant?
    public internal(set) var account: String?
    /// `nick!user@host` as the server relays the bot's own messages, learnt from its JOIN echo.
    public internal(set) var ownPrefix: String?
    public internal(set) var isupport = ISupport()
    var botModeRequested = false

    // Channels
    var channels: [IRCNetworkConfiguration.Channel]
    var joinedInitialChannels = false
    var joinFallbackAt: ContinuousClock.Instant?
    public internal(set) var joinedChannels: Set<String> = []
    var scheduledRejoins: [(channel: IRCNetworkConfiguration.Channel, at: ContinuousClock.Instant)] = []
    /// Folded channel name → the server's last refusal to let the bot in.
    var joinFailures: [String: JoinFailure] = [:]
    /// Folded channel name → who is in it, for each channel the bot is in.
    var members: [String: ChannelMembers] = [:]

    // Liveness
    var outstandingPing: (token: String, sentAt: ContinuousClock.Instant)?
    var pingCounter = 0
    var lastCTCPReply: ContinuousClock.Instant?

    /// `nickLengthLimit`: the server's nick length as an earlier connection learned it.
    public init(
        configuration: IRCNetworkConfiguration, channels: [IRCNetworkConfiguration.Channel]? = nil,
        nickLengthLimit: Int? = nil, version: String, now: ContinuousClock.Instant
    ) {
        self.configuration = configuration
        self.version = version
        nickChoice = NickChoice(configured: configuration.nick, lengthLimit: nickLengthLimit)
        self.nick = nickChoice.current
        self.channels = channels ?? configuration.channels
        self.connectedAt = now
        self.lastReceived = now
    }

    public var isRegistered: Bool { phase == .registered }
    /// Whether `001` arrived on this connection, whatever happened after.
    public internal(set) var hasRegistered = false
    public var caseMapping: IRCCaseMapping { isupport.caseMapping }
    /// Whether the server tells which account sent a message: then admins and users are
    /// recognised by account, never by nick.
    public var knowsAccounts: Bool { enabledCapabilities.contains("account-tag") }
    public var canTagReplies: Bool { enabledCapabilities.contains("message-tags") }
    /// The server's nick length, announced or learned, for the next connection.
    public var nickLengthLimit: Int? { nickChoice.lengthLimit }

    /// The lines that open the connection.
    public mutating func start() -> [IRCClientAction] {
        var lines = [IRCMessage(command: "CAP", parameters: ["LS", "302"])]
        if let password = configuration.password {
            lines.append(IRCMessage(command: "PASS", parameters: [password]))
        }
        lines.append(IRCMessage(command: "NICK", parameters: [nick]))
        lines.append(
            IRCMessage(command: "USER", parameters: [configuration.username, "0", "*", configuration.realname]))
        return lines.map { .send($0, bypassFloodControl: true) }
    }

    /// One line from the server.
    public mutating func receive(_ message: IRCMessage, now: ContinuousClock.Instant) -> [IRCClientAction] {
        lastReceived = now
        // Any line proves the connection alive, not only the PONG to our PING.
        outstandingPing = nil
        switch message.command {
        case "PING":
            return [
                .send(
                    IRCMessage(command: "PONG", parameters: message.parameters.isEmpty ? [""] : message.parameters),
                    bypassFloodControl: true)
            ]
        case "PONG":
            return []
        case "ERROR":
            phase = .closing
            return [.disconnect(reason: "server closed the link: \(message.parameters.last ?? "")")]
        case "CAP":
            return receiveCapability(message, now: now)
        case "AUTHENTICATE", "900", "901", "902", "903", "904", "905", "906", "907", "908":
            return receiveSASL(message, now: now)
        case "NICK", "QUIT":
            // Membership first: it must see the bot's own nick as it was before this line.
            return receiveMembership(message) + receiveRegistration(message, now: now)
        case "001", "005", "376", "422", "432", "433", "436", "437":
            return receiveRegistration(message, now: now)
        case "JOIN", "KICK", "PART":
            return receiveChannelTraffic(message, now: now) + receiveMembership(message)
        case "353", "MODE":
            return receiveMembership(message)
        case "INVITE", "PRIVMSG":
            return receiveChannelTraffic(message, now: now)
        case "403", "405", "471", "473", "474", "475", "476", "477":
            return receiveJoinRefusal(message, now: now)
        default:
            return []
        }
    }

    /// Case-folds a nick or channel the way this server compares them.
    public func fold(_ name: String) -> String {
        caseMapping.fold(name)
    }

    func isOwnNick(_ name: String?) -> Bool {
        guard let name else { return false }
        return fold(name) == fold(nick)
    }
}

import GifBotCore

/// One IRC network the bot joins, as configured by the operator (`irc.*` keys).
public struct IRCNetworkConfiguration: Sendable, Equatable {
    public struct Channel: Sendable, Equatable, Hashable {
        public let name: String
        public let key: String?

        public init(name: String, key: String? = nil) {
            self.name = name
            self.key = key
        }

        /// `#chan` or `#chan key`, as written in `irc.channels`.
        public init?(parsing text: String) {
            let parts = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let name = parts.first, parts.count <= 2, !name.contains(","), name.count <= 200 else { return nil }
            self.init(name: name, key: parts.count == 2 ? parts[1] : nil)
        }
    }

    public enum SASLMechanism: String, Sendable, Equatable {
        case plain = "PLAIN"
        case external = "EXTERNAL"
    }

    /// The name user ids are kept under (favorites of `alice` on two networks stay apart).
    public var name: String
    public var host: String
    public var port: Int
    public var useTLS: Bool
    public var verifyTLS: Bool
    /// An extra PEM file of certificates to trust (a self-signed server, a private CA).
    public var tlsCAFile: String?
    /// Client certificate and key (PEM) for SASL EXTERNAL or CertFP.
    public var tlsClientCertificateFile: String?
    public var tlsClientKeyFile: String?
    public var nick: String
    public var username: String
    public var realname: String
    /// The server password (`PASS`). Secret.
    public var password: String?
    public var saslUsername: String?
    /// Secret.
    public var saslPassword: String?
    public var saslMechanism: SASLMechanism
    /// Whether to stay connected when SASL fails (logged as a warning) or to drop and retry later.
    public var continueWithoutSASL: Bool
    public var channels: [Channel]
    /// Services accounts (or nicks, where the network has no accounts) allowed to change settings
    /// and to invite the bot.
    public var admins: [String]
    /// Whether the channel's operators are its admins too (`bot.channel_admins`).
    public var channelAdmins: ChannelAdmins
    /// Whether half-operators (`%`) count as operators (`irc.halfops_are_admins`).
    public var halfopsAreAdmins: Bool

    /// Timings; the defaults suit real networks, tests shorten them.
    public var timing: IRCTiming
    public var flood: IRCFloodSettings

    public init(
        name: String, host: String, port: Int? = nil, useTLS: Bool = true, verifyTLS: Bool = true,
        tlsCAFile: String? = nil, tlsClientCertificateFile: String? = nil, tlsClientKeyFile: String? = nil,
        nick: String = "gifbot", username: String? = nil, realname: String? = nil, password: String? = nil,
        saslUsername: String? = nil, saslPassword: String? = nil, saslMechanism: SASLMechanism = .plain,
        continueWithoutSASL: Bool = true, channels: [Channel] = [], admins: [String] = [],
        channelAdmins: ChannelAdmins = .operators, halfopsAreAdmins: Bool = false,
        timing: IRCTiming = IRCTiming(), flood: IRCFloodSettings = IRCFloodSettings()
    ) {
        self.name = name
        self.host = host
        self.port = port ?? (useTLS ? 6697 : 6667)
        self.useTLS = useTLS
        self.verifyTLS = verifyTLS
        self.tlsCAFile = tlsCAFile
        self.tlsClientCertificateFile = tlsClientCertificateFile
        self.tlsClientKeyFile = tlsClientKeyFile
        self.nick = nick
        self.username = username ?? nick
        self.realname = realname ?? "GifBot, a GIF bot for chat"
        self.password = password
        self.saslUsername = saslUsername
        self.saslPassword = saslPassword
        self.saslMechanism = saslMechanism
        self.continueWithoutSASL = continueWithoutSASL
        self.channels = channels
        self.admins = admins
        self.channelAdmins = channelAdmins
        self.halfopsAreAdmins = halfopsAreAdmins
        self.timing = timing
        self.flood = flood
    }

    /// Whether SASL is configured at all.
    var wantsSASL: Bool {
        switch saslMechanism {
        case .plain: saslUsername != nil && saslPassword != nil
        case .external: tlsClientCertificateFile != nil
        }
    }
}

/// How long the client waits for things; every wait has an end.
public struct IRCTiming: Sendable, Equatable {
    /// Silence after which the bot sends its own PING.
    public var pingInterval: Duration = .seconds(60)
    /// How long an answer to that PING may take before the connection counts as dead.
    public var pingTimeout: Duration = .seconds(30)
    /// For each SASL step: services that are down never answer.
    public var saslStepTimeout: Duration = .seconds(15)
    /// From connecting to `001`.
    public var registrationTimeout: Duration = .seconds(60)
    public var connectTimeout: Duration = .seconds(20)
    public var rejoinAfterKick: Duration = .seconds(10)
    /// A channel that refused the bot (full, invite-only, banned, wrong key) is asked again
    /// after this, doubling on each refusal up to the maximum.
    public var joinRetryInitial: Duration = .seconds(15)
    public var joinRetryMaximum: Duration = .seconds(600)
    /// How often to try to regain the configured nick while using an alternate one.
    public var nickRegainInterval: Duration = .seconds(60)
    /// Reconnect backoff: first wait, longest wait, and how long a connection must have lasted
    /// for the backoff to start over.
    public var reconnectInitial: Duration = .seconds(2)
    public var reconnectMaximum: Duration = .seconds(300)
    public var stableConnection: Duration = .seconds(60)

    public init() {}
}

/// The writer's token bucket: a burst, then one line per interval.
public struct IRCFloodSettings: Sendable, Equatable {
    public var burst: Int = 4
    public var interval: Duration = .seconds(1)

    public init(burst: Int = 4, interval: Duration = .seconds(1)) {
        self.burst = burst
        self.interval = interval
    }
}

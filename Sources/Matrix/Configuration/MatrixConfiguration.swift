import GifBotCore
import GifSources
import HTTPTransport

/// One Matrix account the bot runs as (`matrix.*` keys).
public struct MatrixConfiguration: Sendable, Equatable {
    /// Base URL of the homeserver's client-server API, e.g. https://matrix.example.org.
    public var homeserver: String
    /// `@gifbot:example.org` or the localpart.
    public var user: String
    /// Secret. Used to log in when no stored or configured access token works.
    public var password: String?
    /// Secret. Used as is when given.
    public var accessToken: String?
    /// Room ids or aliases joined at start.
    public var rooms: [String]
    /// Who may invite the bot (`@*:example.org`, `@alice:example.org`); empty means admins only.
    public var inviteAllow: [String]
    public var uploadGIFs: Bool
    public var maxUploadBytes: Int
    /// The GIF size aimed for (`matrix.preferred_max_bytes`, 2 MiB): the largest rendition at or
    /// under it is posted, a larger one (up to `maxUploadBytes`) only when none fits.
    public var preferredMaxBytes: Int = 2 * 1024 * 1024
    /// Matrix user ids allowed to change channel settings.
    public var admins: [String]
    /// Whether each room's moderators are its admins too (`bot.channel_admins`).
    public var channelAdmins: ChannelAdmins = .operators
    public var timing: MatrixTiming
    /// Where GIFs may be downloaded from for upload (`media.*`, the same for every account).
    public var media: MediaHostPolicy
    /// Secret. The account's recovery key (`matrix.recovery_key`): lets a new device of the bot
    /// sign itself with the cross-signing keys in secret storage.
    public var recoveryKey: String? = nil
    /// The file holding the recovery key (`matrix.recovery_key_file`, the secrets' `_file`
    /// convention; by default beside the SQLite database): read when it exists, and where the
    /// bot writes a new recovery key when it creates the account's cross-signing keys.
    public var recoveryKeyFile: String? = nil
    /// End-to-end encryption: on by default; its store key is resolved at start.
    public var encryption = MatrixEncryptionConfiguration()

    public init(
        homeserver: String, user: String, password: String? = nil, accessToken: String? = nil, rooms: [String] = [],
        inviteAllow: [String] = [], uploadGIFs: Bool = true, maxUploadBytes: Int = 4 * 1024 * 1024,
        admins: [String] = [], timing: MatrixTiming = MatrixTiming(),
        media: MediaHostPolicy = .sourcesOnly
    ) {
        var base = homeserver
        while base.hasSuffix("/") { base.removeLast() }
        self.homeserver = base
        self.user = user
        self.password = password
        self.accessToken = accessToken
        self.rooms = rooms
        self.inviteAllow = inviteAllow
        self.uploadGIFs = uploadGIFs
        self.maxUploadBytes = maxUploadBytes
        self.admins = admins
        self.timing = timing
        self.media = media
    }
}

/// Waits and limits; the defaults suit real homeservers, tests shorten them.
public struct MatrixTiming: Sendable, Equatable {
    /// The long poll of `/sync`.
    public var syncTimeout: Duration = .seconds(30)
    /// The longest the sync position and the uploads' records (plain and encrypted) go unwritten
    /// while the bot is busy (`SyncPositionWrites`, `PendingUploadRecords`).
    public var bookkeepingInterval: Duration = .seconds(1)
    /// Every other request.
    public var requestTimeout: Duration = .seconds(30)
    /// Downloading a GIF from a source's media host, body included (`media.timeout`).
    public var downloadTimeout: Duration = .seconds(20)
    /// Backoff after sync errors.
    public var retryInitial: Duration = .seconds(1)
    public var retryMaximum: Duration = .seconds(120)
    /// The longest wait a homeserver's 429 (`Retry-After`, `retry_after_ms`) is obeyed for:
    /// a longer one is cut to this, logged, and the request retried.
    public var maximumServerWait: Duration = .seconds(120)
    /// How often published image packs are compared with their rooms' collections, for changes
    /// made elsewhere (another instance, `gifbot import`); changes said in the room show at once.
    public var imagePackRefresh: Duration = .seconds(60)

    public init() {}
}

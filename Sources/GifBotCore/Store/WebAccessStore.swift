import Foundation

/// What the web gallery keeps in the store: its signing secret, the login links already used,
/// sessions, and the channels each person asked for a link in. On PostgreSQL every instance
/// shares them, so a link works once across all of them and a session survives a restart.
public protocol WebAccessStore: Sendable {
    /// The gallery's secret: the first caller's `candidate` is kept, and every later call (on any
    /// instance) returns that one.
    func webSecret(candidate: [UInt8]) async throws -> [UInt8]
    /// Marks a login link's nonce used; false when it already was (the link is being reused).
    func consumeLoginNonce(_ nonce: String, expiresAt: Date) async throws -> Bool
    /// Whether a login link's nonce was used (the sign-in page refuses a used link at once).
    func isLoginNonceUsed(_ nonce: String) async throws -> Bool
    func createWebSession(_ session: WebSession) async throws
    /// The session with this id hash, unless it has expired by `now`.
    func webSession(idHash: String, now: Date) async throws -> WebSession?
    func deleteWebSession(idHash: String) async throws
    /// Lets `user`'s sessions see `channel`'s collection (they asked for a link there); a grant
    /// given again is renewed from `date`.
    func grantWebChannel(_ channel: String, to user: UserKey, at date: Date) async throws
    /// The channels `user` asked for a link in at `since` or later, in no particular order.
    func webChannels(for user: UserKey, grantedSince since: Date) async throws -> [String]
    /// Ends `user`'s grant for `channel` (they left it); nothing when there was none.
    func revokeWebChannel(_ channel: String, from user: UserKey) async throws
    /// Forgets used nonces and sessions that expired before `now`, and grants older than
    /// `WebChannelGrants.lifetime`.
    func pruneWebAccess(before now: Date) async throws
}

/// How long a `!web` in a channel lets its asker's sessions see the channel's collection: a
/// grant lapses unless renewed by another `!web` there, so one left behind by a leave the bot
/// never saw (it was not connected) does not last.
public enum WebChannelGrants {
    public static let lifetime: TimeInterval = 30 * 24 * 3600

    /// The oldest grant still good at `now`.
    public static func oldestValid(at now: Date) -> Date { now.addingTimeInterval(-lifetime) }
}

/// A browser's login: the SHA-256 of its cookie (the cookie itself is never stored) and whose it is.
public struct WebSession: Sendable, Equatable {
    public let idHash: String
    public let user: UserKey
    public let createdAt: Date
    public let expiresAt: Date

    public init(idHash: String, user: UserKey, createdAt: Date, expiresAt: Date) {
        self.idHash = idHash
        self.user = user
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

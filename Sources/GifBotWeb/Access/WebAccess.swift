import Crypto
import Foundation
import GifBotCore
import SecureRandomness

/// Login links, sessions and CSRF tokens over the store: the one place that decides who a
/// browser is. The signing secret is read (or created) in the store on first use, so every
/// instance on one database signs and checks with the same keys.
public actor WebAccess: WebLinkIssuing {
    public static let sessionLifetime: TimeInterval = 7 * 24 * 3600
    let store: any WebAccessStore
    let settings: WebSettings
    private let now: @Sendable () -> Date
    private var keys: WebKeys?

    public init(store: any WebAccessStore, settings: WebSettings, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.settings = settings
        self.now = now
    }

    func currentKeys() async throws -> WebKeys {
        if let keys { return keys }
        let loaded = WebKeys(secret: try await store.webSecret(candidate: SecureRandom.bytes(32)))
        keys = loaded
        return loaded
    }

    // MARK: Login links

    /// The grant for `channel` is given (or renewed) now, as the core asks in the asker's turn,
    /// not when the link is used: a leave the core sees after this `!web` then revokes it, while
    /// a grant made at sign-in, up to the link's lifetime later, could come after the leave.
    public func loginLink(for user: UserKey, channel: String?) async throws -> String {
        if let channel { try await store.grantWebChannel(channel, to: user, at: now()) }
        let ticket = LoginTicket(
            nonce: Base64URL.encode(SecureRandom.bytes(16)), user: user, channel: channel,
            expiresAt: now().addingTimeInterval(LoginTokenCodec.lifetime))
        return "\(settings.baseURL)/login?token=\(try await token(for: ticket))"
    }

    public nonisolated func collectionAddress(of channel: CollectionChannel) -> String {
        WebPaths(base: settings.baseURL).collection(channel)
    }

    /// The widget's address for a room, with Element's theme template variable; nil without
    /// `web.widget_origins` (no client may frame it).
    public nonisolated func widgetAddress(of channel: CollectionChannel) -> String? {
        guard !settings.widgetOrigins.isEmpty else { return nil }
        return WebPaths(base: settings.baseURL).widget(channel) + "?theme=$org.matrix.msc2873.client_theme"
    }

    // MARK: Widget tokens

    /// A token that opens `channel`'s picker for `user`, whom the homeserver vouched for.
    func widgetToken(for user: UserKey, in channel: CollectionChannel) async throws -> String {
        let ticket = WidgetTicket(
            network: user.network, userID: user.userID, channel: channel.channel,
            expiresAt: Int(now().addingTimeInterval(WidgetTokenCodec.lifetime).timeIntervalSince1970))
        return try WidgetTokenCodec(keys: try await currentKeys()).token(for: ticket)
    }

    /// The session a widget token stands for, for `channel` only: its CSRF token and notices are
    /// bound to the token as a cookie's are to the cookie.
    func widgetSession(_ token: String, for channel: CollectionChannel) async throws -> WebSession? {
        guard let ticket = WidgetTokenCodec(keys: try await currentKeys()).ticket(from: token, now: now()),
            ticket.collectionChannel == channel
        else { return nil }
        return WebSession(
            idHash: "widget:" + Self.hash(token), user: ticket.user, createdAt: now(),
            expiresAt: Date(timeIntervalSince1970: TimeInterval(ticket.expiresAt)))
    }

    /// A token for any ticket, for tests that need an expired one.
    public func token(for ticket: LoginTicket) async throws -> String {
        try LoginTokenCodec(keys: try await currentKeys()).token(for: ticket)
    }

    /// Checks a link without using it up (link previews fetch what they see; only the button
    /// on the page, a POST, logs in).
    func check(_ token: String) async throws -> Result<LoginTicket, LoginRejection> {
        let result = LoginTokenCodec(keys: try await currentKeys()).ticket(from: token, now: now())
        if case .success(let ticket) = result, try await store.isLoginNonceUsed(ticket.nonce) {
            return .failure(.alreadyUsed)
        }
        return result
    }

    /// Uses a link up and opens a session: the cookie value to set. A second use fails, on any
    /// instance, after any restart: the nonce's row decides.
    func redeem(_ token: String) async throws -> Result<String, LoginRejection> {
        let ticket: LoginTicket
        switch try await check(token) {
        case .failure(let rejection): return .failure(rejection)
        case .success(let checked): ticket = checked
        }
        guard try await store.consumeLoginNonce(ticket.nonce, expiresAt: ticket.expiryDate) else {
            return .failure(.alreadyUsed)
        }
        let cookie = Base64URL.encode(SecureRandom.bytes(32))
        let started = now()
        try await store.createWebSession(
            WebSession(
                idHash: Self.hash(cookie), user: ticket.user, createdAt: started,
                expiresAt: started.addingTimeInterval(Self.sessionLifetime)))
        try? await store.pruneWebAccess(before: started)
        return .success(cookie)
    }

    public func revokeChannel(_ channel: String, for user: UserKey) async throws {
        try await store.revokeWebChannel(channel, from: user)
    }

    // MARK: Sessions

    /// The channels whose collections `session` may see: its user's grants not yet expired.
    func channels(of session: WebSession) async throws -> [String] {
        try await store.webChannels(for: session.user, grantedSince: WebChannelGrants.oldestValid(at: now()))
    }

    /// The session a cookie opens, unless it expired or was ended.
    func session(cookie: String) async throws -> WebSession? {
        guard cookie.utf8.count <= 64, Base64URL.decode(cookie) != nil else { return nil }
        return try await store.webSession(idHash: Self.hash(cookie), now: now())
    }

    func end(_ session: WebSession) async throws {
        try await store.deleteWebSession(idHash: session.idHash)
    }

    /// The session's CSRF token: an HMAC of its id, so it needs no storage and dies with it.
    func csrfToken(for session: WebSession) async throws -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(session.idHash.utf8), using: try await currentKeys().csrf)
        return Base64URL.encode(mac)
    }

    func isValidCSRF(_ token: String, for session: WebSession) async throws -> Bool {
        guard token.utf8.count <= 64, let mac = Base64URL.decode(token) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            mac, authenticating: Data(session.idHash.utf8), using: try await currentKeys().csrf)
    }

    // MARK: Notices

    /// A sentence for the page a POST redirects to, signed for this session: the address carries
    /// it, and nobody can send a person a link that makes the gallery say something it did not.
    func signedNotice(_ text: String, for session: WebSession) async throws -> String {
        let text = String(text.prefix(Self.maximumNoticeLength))
        let mac = HMAC<SHA256>.authenticationCode(
            for: Self.noticeBytes(text, session), using: try await currentKeys().notice)
        return Base64URL.encode(Array(text.utf8)) + "." + Base64URL.encode(mac)
    }

    /// The sentence of a notice signed for this session; nil for anything else.
    func notice(_ signed: String, for session: WebSession) async throws -> String? {
        let parts = signed.split(separator: ".", omittingEmptySubsequences: false)
        guard signed.utf8.count <= 4 * Self.maximumNoticeLength, parts.count == 2,
            let textBytes = Base64URL.decode(parts[0]), let mac = Base64URL.decode(parts[1])
        else { return nil }
        let text = String(decoding: textBytes, as: UTF8.self)
        guard
            HMAC<SHA256>.isValidAuthenticationCode(
                mac, authenticating: Self.noticeBytes(text, session), using: try await currentKeys().notice)
        else { return nil }
        return text
    }

    static let maximumNoticeLength = 300

    private static func noticeBytes(_ text: String, _ session: WebSession) -> Data {
        Data((session.idHash + "\u{0}" + text).utf8)
    }

    static func hash(_ cookie: String) -> String {
        Base64URL.encode(SHA256.hash(data: Data(cookie.utf8)))
    }
}

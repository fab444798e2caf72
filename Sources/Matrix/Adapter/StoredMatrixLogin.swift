import Foundation
import Logging
import MatrixState

/// The bot's login as the store keeps it between runs, in one row so that a refresh replaces
/// the access and refresh tokens together: a crash between two writes would leave a spent
/// refresh token beside a new access token, and the next start could refresh no more.
struct StoredMatrixLogin: Sendable, Equatable, Codable {
    let deviceID: String
    let accessToken: String
    /// Set where the homeserver issues expiring access tokens.
    let refreshToken: String?
    /// When `accessToken` was issued and when it expires, by the homeserver's word at login or
    /// refresh; nil for a token that does not expire.
    let issuedAt: Date?
    let expiresAt: Date?

    init(deviceID: String, tokens: MatrixClient.Tokens, now: Date) {
        self.deviceID = deviceID
        accessToken = tokens.accessToken
        refreshToken = tokens.refreshToken
        issuedAt = tokens.expiresIn == nil ? nil : now
        expiresAt = tokens.expiresIn.map { lifetime in
            now.addingTimeInterval(
                Double(lifetime.components.seconds) + Double(lifetime.components.attoseconds) * 1e-18)
        }
    }

    /// The login stored under `key`; from a version that kept the token and the device in rows
    /// of their own (`access_token`, `device_id` beside `key`'s prefix) when there is none yet.
    /// Nil when none was stored or it cannot be read.
    /// Throws when the store cannot be read: a store failing for a moment must not pass for "no
    /// login", which would log in as a new device and strand the old one's encryption keys. A
    /// row that cannot be decoded is no login (logged): nothing else can be made of it.
    static func load(
        from store: any MatrixStateStore, key: String, legacyPrefix: String, logger: Logger
    ) async throws -> StoredMatrixLogin? {
        if let stored = try await store.adapterState(key), !stored.isEmpty {
            do {
                return try JSONDecoder().decode(StoredMatrixLogin.self, from: Data(stored.utf8))
            } catch {
                logger.warning("The stored Matrix login cannot be read; logging in with the password")
                return nil
            }
        }
        guard let token = try await store.adapterState("\(legacyPrefix):access_token"), !token.isEmpty,
            let device = try await store.adapterState("\(legacyPrefix):device_id"), !device.isEmpty
        else { return nil }
        return StoredMatrixLogin(
            deviceID: device, tokens: .init(accessToken: token, refreshToken: nil, expiresIn: nil), now: Date())
    }

    func save(to store: any MatrixStateStore, key: String) async throws {
        try await store.setAdapterState(key, to: String(decoding: try JSONEncoder().encode(self), as: UTF8.self))
    }

    /// Forgets the login (a hard logout): the next start logs in as a new device.
    static func forget(in store: any MatrixStateStore, key: String, legacyPrefix: String) async {
        try? await store.setAdapterState(key, to: "")
        try? await store.setAdapterState("\(legacyPrefix):access_token", to: "")
        try? await store.setAdapterState("\(legacyPrefix):device_id", to: "")
    }

    /// When to refresh: a fifth of the token's lifetime before it expires (at least 10 seconds,
    /// at most half the lifetime), so that a request under way never carries an expired token;
    /// nil for a token that does not expire or cannot be refreshed.
    var refreshDue: Date? {
        guard refreshToken != nil, let issuedAt, let expiresAt else { return nil }
        let lifetime = expiresAt.timeIntervalSince(issuedAt)
        return expiresAt.addingTimeInterval(-min(max(10, lifetime / 5), lifetime / 2))
    }
}

import Foundation
import GifBotCore
import SQLKit

extension BotStore: WebAccessStore {
    private static let gallerySecretName = "gallery"

    /// Insert-if-absent, then read: of two instances starting at once, both end with the first's.
    public func webSecret(candidate: [UInt8]) async throws -> [UInt8] {
        try await database.raw(
            """
            INSERT INTO \(ident: Schema.webSecrets) (name, secret)
            VALUES (\(bind: Self.gallerySecretName), \(bind: Data(candidate).base64EncodedString()))
            ON CONFLICT (name) DO NOTHING
            """
        ).run()
        let text = try await database.select().column("secret").from(Schema.webSecrets)
            .where("name", .equal, Self.gallerySecretName)
            .first(decodingColumn: "secret", as: String.self)
        guard let text, let data = Data(base64Encoded: text), data.count >= 32 else {
            throw StoreError.corruptWebSecret
        }
        return Array(data)
    }

    /// One statement: of two requests with the same link, on any instances, exactly one inserts.
    public func consumeLoginNonce(_ nonce: String, expiresAt: Date) async throws -> Bool {
        let rows = try await database.raw(
            """
            INSERT INTO \(ident: Schema.webUsedLoginNonces) (nonce, expires_at)
            VALUES (\(bind: nonce), \(bind: Clock.unixSeconds(expiresAt)))
            ON CONFLICT (nonce) DO NOTHING
            RETURNING nonce
            """
        ).all()
        return !rows.isEmpty
    }

    public func isLoginNonceUsed(_ nonce: String) async throws -> Bool {
        try await database.select().column("nonce").from(Schema.webUsedLoginNonces).where("nonce", .equal, nonce)
            .first() != nil
    }

    public func createWebSession(_ session: WebSession) async throws {
        try await database.insert(into: Schema.webSessions)
            .columns("id_hash", "network", "user_id", "created_at", "expires_at")
            .values(
                SQLBind(session.idHash), SQLBind(session.user.network), SQLBind(session.user.userID),
                SQLBind(Clock.unixSeconds(session.createdAt)), SQLBind(Clock.unixSeconds(session.expiresAt))
            )
            .run()
    }

    public func webSession(idHash: String, now: Date) async throws -> WebSession? {
        guard
            let row = try await database.select().columns("network", "user_id", "created_at", "expires_at")
                .from(Schema.webSessions)
                .where("id_hash", .equal, idHash).where("expires_at", .greaterThan, Clock.unixSeconds(now))
                .first()
        else { return nil }
        return WebSession(
            idHash: idHash,
            user: UserKey(
                network: try row.decode(column: "network", as: String.self),
                userID: try row.decode(column: "user_id", as: String.self)),
            createdAt: Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "created_at", as: Int.self))),
            expiresAt: Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "expires_at", as: Int.self))))
    }

    public func deleteWebSession(idHash: String) async throws {
        try await database.delete(from: Schema.webSessions).where("id_hash", .equal, idHash).run()
    }

    public func grantWebChannel(_ channel: String, to user: UserKey, at date: Date) async throws {
        try await database.raw(
            """
            INSERT INTO \(ident: Schema.webChannelGrants) (network, user_id, channel, granted_at)
            VALUES (\(bind: user.network), \(bind: user.userID), \(bind: channel), \(bind: Clock.unixSeconds(date)))
            ON CONFLICT (network, user_id, channel) DO UPDATE SET granted_at = excluded.granted_at
            """
        ).run()
    }

    public func webChannels(for user: UserKey, grantedSince since: Date) async throws -> [String] {
        try await database.select().column("channel").from(Schema.webChannelGrants)
            .where("network", .equal, user.network).where("user_id", .equal, user.userID)
            .where("granted_at", .greaterThanOrEqual, Clock.unixSeconds(since))
            .all(decodingColumn: "channel", as: String.self)
    }

    public func revokeWebChannel(_ channel: String, from user: UserKey) async throws {
        try await database.delete(from: Schema.webChannelGrants)
            .where("network", .equal, user.network).where("user_id", .equal, user.userID)
            .where("channel", .equal, channel)
            .run()
    }

    public func pruneWebAccess(before now: Date) async throws {
        let cutoff = Clock.unixSeconds(now)
        try await database.delete(from: Schema.webUsedLoginNonces).where("expires_at", .lessThan, cutoff).run()
        try await database.delete(from: Schema.webSessions).where("expires_at", .lessThan, cutoff).run()
        try await database.delete(from: Schema.webChannelGrants)
            .where("granted_at", .lessThan, Clock.unixSeconds(WebChannelGrants.oldestValid(at: now))).run()
    }
}

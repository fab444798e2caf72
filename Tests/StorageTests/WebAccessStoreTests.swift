import Foundation
import GifBotCore
import Testing

@testable import Storage

/// The gallery's rows, on both engines: one secret for every instance, a login link used once
/// even by two stores on one database at the same moment, sessions that expire, channel grants.
@Suite struct WebAccessStoreTests {
    let alice = UserKey(network: "irc", userID: "alice")

    @Test(arguments: Engine.allCases)
    func secretNoncesSessionsAndGrants(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        let other = try await database.open()
        let first = try await store.webSecret(candidate: Array(repeating: 1, count: 32))
        #expect(try await other.webSecret(candidate: Array(repeating: 2, count: 32)) == first, "the first one is kept")

        let expiry = Date().addingTimeInterval(900)
        async let one = store.consumeLoginNonce("n1", expiresAt: expiry)
        async let two = other.consumeLoginNonce("n1", expiresAt: expiry)
        let results = try await [one, two]
        #expect(results.filter { $0 }.count == 1, "a link works once across instances")
        #expect(try await store.isLoginNonceUsed("n1"))
        #expect(try await !store.isLoginNonceUsed("n2"))

        let now = Date()
        let session = WebSession(
            idHash: "h1", user: alice, createdAt: Date(timeIntervalSince1970: Double(Int(now.timeIntervalSince1970))),
            expiresAt: Date(timeIntervalSince1970: Double(Int(now.timeIntervalSince1970) + 3600)))
        try await store.createWebSession(session)
        #expect(try await other.webSession(idHash: "h1", now: now) == session)
        #expect(try await other.webSession(idHash: "h1", now: now.addingTimeInterval(7200)) == nil, "expired")
        try await store.pruneWebAccess(before: now.addingTimeInterval(7200))
        #expect(try await store.webSession(idHash: "h1", now: now) == nil, "pruned")
        #expect(try await !store.isLoginNonceUsed("n1"), "pruned once the link would have expired anyway")

        try await store.grantWebChannel("#gifs", to: alice, at: now)
        try await store.grantWebChannel("#gifs", to: alice, at: now)
        #expect(try await other.webChannels(for: alice, grantedSince: now.addingTimeInterval(-1)) == ["#gifs"])
        try await store.close()
        try await other.close()
    }

    /// A grant is revoked by user and channel, lapses after `WebChannelGrants.lifetime` unless
    /// given again, and pruning deletes the lapsed ones.
    @Test(arguments: Engine.allCases)
    func grantsAreRevokedAndExpire(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        let bob = UserKey(network: "irc", userID: "bob")
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try await store.grantWebChannel("#secret", to: alice, at: start)
        try await store.grantWebChannel("#gifs", to: alice, at: start)
        try await store.grantWebChannel("#secret", to: bob, at: start)
        try await store.revokeWebChannel("#secret", from: alice)
        try await store.revokeWebChannel("#nowhere", from: alice)
        #expect(try await store.webChannels(for: alice, grantedSince: start) == ["#gifs"])
        #expect(try await store.webChannels(for: bob, grantedSince: start) == ["#secret"], "only alice's grant ends")

        let later = start.addingTimeInterval(WebChannelGrants.lifetime + 10)
        let oldest = WebChannelGrants.oldestValid(at: later)
        #expect(try await store.webChannels(for: alice, grantedSince: oldest).isEmpty, "lapsed")
        try await store.grantWebChannel("#secret", to: bob, at: start.addingTimeInterval(100))
        #expect(try await store.webChannels(for: bob, grantedSince: oldest) == ["#secret"], "renewed")
        try await store.pruneWebAccess(before: later)
        #expect(try await store.webChannels(for: alice, grantedSince: .distantPast).isEmpty, "pruned")
        #expect(try await store.webChannels(for: bob, grantedSince: .distantPast) == ["#secret"])
        try await store.close()
    }
}

import Foundation
import GifBotCore
import GifBotWeb
import Synchronization

/// The gallery's store and a person's favorites in memory, for the fast tests.
final class InMemoryWebStore: WebAccessStore, WebFavorites {
    private struct State {
        var secret: [UInt8]?
        var usedNonces: Set<String> = []
        var sessions: [String: WebSession] = [:]
        var grants: [UserKey: [String: Date]] = [:]
        var favorites: [UserKey: [Favorite]] = [:]
    }
    private let state = Mutex(State())

    func webSecret(candidate: [UInt8]) async throws -> [UInt8] {
        state.withLock { state in
            if state.secret == nil { state.secret = candidate }
            return state.secret!
        }
    }

    func consumeLoginNonce(_ nonce: String, expiresAt: Date) async throws -> Bool {
        state.withLock { $0.usedNonces.insert(nonce).inserted }
    }

    func isLoginNonceUsed(_ nonce: String) async throws -> Bool {
        state.withLock { $0.usedNonces.contains(nonce) }
    }

    func createWebSession(_ session: WebSession) async throws {
        state.withLock { $0.sessions[session.idHash] = session }
    }

    func webSession(idHash: String, now: Date) async throws -> WebSession? {
        state.withLock { $0.sessions[idHash] }.flatMap { $0.expiresAt > now ? $0 : nil }
    }

    func deleteWebSession(idHash: String) async throws {
        _ = state.withLock { $0.sessions.removeValue(forKey: idHash) }
    }

    func grantWebChannel(_ channel: String, to user: UserKey, at date: Date) async throws {
        state.withLock { $0.grants[user, default: [:]][channel] = date }
    }

    func webChannels(for user: UserKey, grantedSince since: Date) async throws -> [String] {
        state.withLock { ($0.grants[user] ?? [:]).filter { $0.value >= since }.map(\.key) }
    }

    func revokeWebChannel(_ channel: String, from user: UserKey) async throws {
        state.withLock { _ = $0.grants[user]?.removeValue(forKey: channel) }
    }

    func pruneWebAccess(before now: Date) async throws {}

    func favorites(of user: UserKey) async throws -> [Favorite] {
        state.withLock { $0.favorites[user] ?? [] }
    }

    func removeFavorite(_ gifID: String, of user: UserKey) async throws -> Bool {
        state.withLock { state in
            let before = state.favorites[user]?.count ?? 0
            state.favorites[user]?.removeAll { $0.gifID == gifID }
            return (state.favorites[user]?.count ?? 0) < before
        }
    }

    func add(_ favorite: Favorite, for user: UserKey) {
        state.withLock { $0.favorites[user, default: []].insert(favorite, at: 0) }
    }
}

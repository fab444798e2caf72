import Foundation
import MatrixState

/// The pinned cross-signing identities of one account, read and accepted from the store without
/// a running bot: `gifbot matrix identities` and `gifbot matrix accept-identity`. A running bot
/// reads an acceptance back before it next withholds a key or answers `/readyz` (`IdentityPins`).
public struct IdentityReview: Sendable {
    private let state: CryptoStateStore

    public enum Failure: Error, CustomStringConvertible {
        case neverLoggedIn(String)

        public var description: String {
            switch self {
            case .neverLoggedIn(let user):
                "the bot has not started end-to-end encryption as \(user) with this database yet"
            }
        }
    }

    /// The account's store, under the user id the bot last logged in with (`matrix.user` may be
    /// a bare localpart).
    public static func open(
        configuration: MatrixConfiguration, storeKey: MatrixStoreKey, store: any MatrixStateStore
    ) async throws -> IdentityReview {
        let recorded = try await store.adapterState(configuration.userIDStateKey).flatMap { $0.isEmpty ? nil : $0 }
        guard let userID = recorded ?? (configuration.user.hasPrefix("@") ? configuration.user : nil) else {
            throw Failure.neverLoggedIn(configuration.user)
        }
        return IdentityReview(
            state: CryptoStateStore(
                store: store, vault: CryptoVault(key: storeKey), account: configuration.storeAccount(userID: userID)))
    }

    init(state: CryptoStateStore) {
        self.state = state
    }

    /// Every user whose identity changed and is still shown: waiting, or accepted within
    /// `PinnedIdentity.warningPeriod` and not acknowledged. Sorted by user.
    public func changes(now: Date = Date()) async throws -> [(user: String, identity: PinnedIdentity)] {
        try await state.loadAll(.identity).compactMap { user, bytes in
            guard let identity = try? PinnedIdentity.decode(bytes),
                identity.isShown(now: now)
            else { return nil }
            return (user, identity)
        }.sorted { $0.user < $1.user }
    }

    public enum Acceptance: Sendable, Equatable {
        /// The waiting master key is trusted now; room keys go to the user again.
        case accepted(PinnedIdentity)
        /// The change had been accepted (`warn`); it leaves the warnings.
        case acknowledged(PinnedIdentity)
        /// The user's identity has not changed since it was pinned or last accepted.
        case nothingToAccept
        /// The bot has pinned no identity for that user.
        case unknownUser
    }

    /// Accepts `user`'s changed identity, or acknowledges a change already accepted.
    public func accept(_ user: String) async throws -> Acceptance {
        guard let bytes = try await state.load(.identity, user) else { return .unknownUser }
        var identity = try PinnedIdentity.decode(bytes)
        guard identity.changedAt != nil || identity.isWithholding else { return .nothingToAccept }
        let wasWithholding = identity.isWithholding
        identity.accept()
        try await state.save([try IdentityPins.write(user, identity)])
        return wasWithholding ? .accepted(identity) : .acknowledged(identity)
    }
}

import Foundation
import Logging

/// The cross-signing identity trusted for each user the bot shares encrypted rooms with: the
/// first master key seen is pinned (trust on first use, as Element does), and a later one is a
/// change the bot logs, lists under `/readyz` warnings and, under `matrix.e2ee.identity_change:
/// block`, withholds room keys over until an operator accepts it.
///
/// The operator accepts from another process (`gifbot matrix accept-identity`, which writes the
/// store), so a user whose change is pending or shown is read again from the store before the
/// bot acts on it: withholding and warnings follow the acceptance at once, with no restart.
actor IdentityPins {
    private let state: CryptoStateStore
    private let policy: MatrixEncryptionConfiguration.IdentityChange
    private let logger: Logger
    private let now: @Sendable () -> Date
    private var pins: [String: PinnedIdentity] = [:]

    /// At most this many users are named in the `/readyz` line; the rest are counted.
    static let namedInWarning = 5

    init(
        state: CryptoStateStore, policy: MatrixEncryptionConfiguration.IdentityChange, logger: Logger,
        now: @escaping @Sendable () -> Date
    ) async throws {
        self.state = state
        self.policy = policy
        self.logger = logger
        self.now = now
        for (user, bytes) in try await state.loadAll(.identity) {
            pins[user] = try? PinnedIdentity.decode(bytes)
        }
        // Changes left waiting under `block`, after the operator switched to `warn`: accepted,
        // as `warn` would have, and still shown.
        if policy == .warn {
            var writes: [CryptoStateStore.Write] = []
            for (user, var identity) in pins where identity.isWithholding {
                identity.acceptKeepingWarning()
                pins[user] = identity
                writes.append(try Self.write(user, identity))
            }
            try await state.save(writes)
        }
    }

    /// Notes the master key each user's `/keys/query` entry showed (nil: none valid).
    func observe(_ seen: [(user: String, masterKey: String?)]) async {
        var writes: [CryptoStateStore.Write] = []
        for (user, masterKey) in seen {
            await refresh(user)
            let outcome = PinnedIdentity.observe(masterKey, pinned: pins[user], policy: policy, now: now())
            let identity: PinnedIdentity
            switch outcome {
            case .unchanged:
                continue
            case .pinned(let first):
                identity = first
            case .changed(let changed):
                identity = changed
                logger.warning(
                    policy == .block
                        ? "A user's cross-signing identity changed: room keys are withheld from them until an operator accepts it (gifbot matrix accept-identity)"
                        : "A user's cross-signing identity changed: the new one is trusted (matrix.e2ee.identity_change: warn)",
                    metadata: ["user": "\(user)"])
            case .reverted(let reverted):
                identity = reverted
                logger.notice(
                    "A user's cross-signing identity is the pinned one again: room keys are no longer withheld",
                    metadata: ["user": "\(user)"])
            }
            pins[user] = identity
            do { writes.append(try Self.write(user, identity)) } catch { continue }
        }
        do { try await state.save(writes) } catch {
            logger.warning("Could not store users' cross-signing identities", metadata: ["error": "\(error)"])
        }
    }

    /// Those of `users` whose changed identity waits for an operator.
    func withheld(among users: [String]) async -> Set<String> {
        guard policy == .block else { return [] }
        var withheld: Set<String> = []
        for user in users where pins[user]?.isWithholding == true {
            await refresh(user)
            if pins[user]?.isWithholding == true { withheld.insert(user) }
        }
        return withheld
    }

    /// One line for `/readyz` warnings while changes are pending or recent, else nil.
    func readinessWarning() async -> String? {
        let date = now()
        for user in pins.keys where pins[user]?.isShown(now: date) == true { await refresh(user) }
        let shown = pins.filter { $0.value.isShown(now: date) }
        guard !shown.isEmpty else { return nil }
        let waiting = shown.filter { $0.value.isWithholding }.keys.sorted()
        let accepted = shown.filter { !$0.value.isWithholding }.keys.sorted()
        var parts: [String] = []
        if !waiting.isEmpty {
            parts.append("room keys withheld from \(Self.users(waiting)) until their new identity is accepted")
        }
        if !accepted.isEmpty {
            parts.append("new identity trusted for \(Self.users(accepted)) (changed in the last 7 days)")
        }
        return "cross-signing identity changed: " + parts.joined(separator: "; ")
            + " (see gifbot matrix identities)"
    }

    /// The user's record as the store has it now, when an operator may have changed it.
    private func refresh(_ user: String) async {
        guard pins[user]?.changedAt != nil else { return }
        guard let bytes = try? await state.load(.identity, user),
            let stored = try? PinnedIdentity.decode(bytes)
        else { return }
        pins[user] = stored
    }

    private static func users(_ users: [String]) -> String {
        let named = users.prefix(namedInWarning).joined(separator: ", ")
        let rest = users.count - min(users.count, namedInWarning)
        let noun = users.count == 1 ? "1 user" : "\(users.count) users"
        return rest > 0 ? "\(noun) (\(named) and \(rest) more)" : "\(noun) (\(named))"
    }

    static func write(_ user: String, _ identity: PinnedIdentity) throws -> CryptoStateStore.Write {
        .init(kind: .identity, name: user, bytes: try identity.encoded())
    }
}

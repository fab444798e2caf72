import Foundation

/// The cross-signing identity (master key) the bot trusts for one user: the first one it saw,
/// pinned as Element pins it, and what became of later ones. Public keys only: nothing here is
/// secret, and the operator compares them with what the user says their key is.
public struct PinnedIdentity: Sendable, Equatable, Codable {
    /// The master key trusted now.
    public private(set) var masterKey: String
    /// Under `block`: a newer master key no operator has accepted yet. Room keys are withheld
    /// from the user while it is set.
    public private(set) var unaccepted: String?
    /// The master key the last accepted change replaced.
    public private(set) var replaced: String?
    /// When the last change was seen; nil once an operator accepted or acknowledged it.
    public private(set) var changedAt: Date?

    /// How long an accepted change (under `warn`) stays under `/readyz` unless acknowledged: long
    /// enough for an operator who looks weekly, short enough that a large deployment, where
    /// people reset their identity every day, does not warn for ever.
    public static let warningPeriod: TimeInterval = 7 * 24 * 3600

    init(masterKey: String) {
        self.masterKey = masterKey
    }

    /// Room keys wait for an operator.
    public var isWithholding: Bool { unaccepted != nil }

    /// Listed under `/readyz` warnings and by `gifbot matrix identities`.
    public func isShown(now: Date) -> Bool {
        guard let changedAt else { return false }
        return isWithholding || now.timeIntervalSince(changedAt) < Self.warningPeriod
    }

    /// What a `/keys/query` answer showing `seen` (nil: no valid master key) does to a user's pin.
    enum Observation: Equatable {
        case unchanged
        /// The first identity seen for the user.
        case pinned(PinnedIdentity)
        /// Another master key than the trusted one: accepted (`warn`) or waiting (`block`).
        case changed(PinnedIdentity)
        /// The user went back to the trusted master key before an operator accepted the other.
        case reverted(PinnedIdentity)
    }

    /// A user whose master key disappears keeps their pin: a device signed by no identity is no
    /// new identity, and `share_keys_with` decides whether it gets keys.
    static func observe(
        _ seen: String?, pinned: PinnedIdentity?, policy: MatrixEncryptionConfiguration.IdentityChange, now: Date
    ) -> Observation {
        guard let seen else { return .unchanged }
        guard var identity = pinned else { return .pinned(PinnedIdentity(masterKey: seen)) }
        if seen == identity.masterKey {
            guard identity.isWithholding else { return .unchanged }
            identity.unaccepted = nil
            return .reverted(identity)
        }
        if seen == identity.unaccepted { return .unchanged }
        switch policy {
        case .warn:
            identity.replaced = identity.masterKey
            identity.masterKey = seen
            identity.unaccepted = nil
        case .block:
            identity.unaccepted = seen
        }
        identity.changedAt = now
        return .changed(identity)
    }

    /// The operator's word (`gifbot matrix accept-identity`): a waiting master key becomes the
    /// trusted one, and the change leaves the warnings.
    mutating func accept() {
        if let unaccepted {
            replaced = masterKey
            masterKey = unaccepted
            self.unaccepted = nil
        }
        changedAt = nil
    }

    /// Under `warn` after `block`: the waiting key is trusted, as `warn` would have done, and the
    /// change stays shown.
    mutating func acceptKeepingWarning() {
        let seen = changedAt
        accept()
        changedAt = seen
    }
}

extension PinnedIdentity {
    /// The record as the store keeps it (JSON, sealed by `CryptoStateStore`), and back: the one
    /// place both the bot (`IdentityPins`) and the commands (`IdentityReview`) read and write it.
    static func decode(_ bytes: [UInt8]) throws -> PinnedIdentity {
        try JSONDecoder().decode(PinnedIdentity.self, from: Data(bytes))
    }

    func encoded() throws -> [UInt8] {
        Array(try JSONEncoder().encode(self))
    }
}

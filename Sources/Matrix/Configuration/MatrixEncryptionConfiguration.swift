/// End-to-end encryption of one Matrix account (`matrix.e2ee`, `matrix.store_key`,
/// `matrix.e2ee.share_keys_with`, `matrix.e2ee.identity_change`).
public struct MatrixEncryptionConfiguration: Sendable, Equatable {
    /// Which devices get the bot's room keys.
    public enum KeySharing: String, Sendable, Equatable, CaseIterable {
        /// Devices their owner cross-signed, as Element shares since 2026 (MSC4153).
        case crossSigned = "cross-signed"
        /// Every device whose own signature is valid.
        case all
    }

    /// What the bot does when a user's cross-signing identity (master key) is no longer the one
    /// it first saw for them (`IdentityPins`).
    public enum IdentityChange: String, Sendable, Equatable, CaseIterable {
        /// Accept the new identity, as Element does for users one has not verified, with a
        /// warning in the log and under `/readyz`.
        case warn
        /// Withhold room keys from the user until an operator accepts the new identity
        /// (`gifbot matrix accept-identity`).
        case block
    }

    /// Take part in encrypted rooms; off keeps the notice that the bot cannot read them.
    public var isEnabled: Bool
    public var shareKeysWith: KeySharing
    public var identityChange: IdentityChange
    /// Seals the crypto state at rest. Nil means e2ee cannot run (PostgreSQL without
    /// `matrix.store_key`, or an unusable key file): the account falls back to the notice.
    public var storeKey: MatrixStoreKey?

    public init(
        isEnabled: Bool = true, shareKeysWith: KeySharing = .crossSigned, identityChange: IdentityChange = .warn,
        storeKey: MatrixStoreKey? = nil
    ) {
        self.isEnabled = isEnabled
        self.shareKeysWith = shareKeysWith
        self.identityChange = identityChange
        self.storeKey = storeKey
    }
}

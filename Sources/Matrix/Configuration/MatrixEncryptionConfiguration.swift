/// End-to-end encryption of one Matrix account (`matrix.e2ee`, `matrix.store_key`,
/// `matrix.e2ee.share_keys_with`).
public struct MatrixEncryptionConfiguration: Sendable, Equatable {
    /// Which devices get the bot's room keys.
    public enum KeySharing: String, Sendable, Equatable, CaseIterable {
        /// Devices their owner cross-signed, as Element shares since 2026 (MSC4153).
        case crossSigned = "cross-signed"
        /// Every device whose own signature is valid.
        case all
    }

    /// Take part in encrypted rooms; off keeps the notice that the bot cannot read them.
    public var isEnabled: Bool
    public var shareKeysWith: KeySharing
    /// Seals the crypto state at rest. Nil means e2ee cannot run (PostgreSQL without
    /// `matrix.store_key`, or an unusable key file): the account falls back to the notice.
    public var storeKey: MatrixStoreKey?

    public init(isEnabled: Bool = true, shareKeysWith: KeySharing = .crossSigned, storeKey: MatrixStoreKey? = nil) {
        self.isEnabled = isEnabled
        self.shareKeysWith = shareKeysWith
        self.storeKey = storeKey
    }
}

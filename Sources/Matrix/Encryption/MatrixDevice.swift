import Foundation
import Logging
import MatrixCrypto

/// The bot's own encrypting device: its Olm account (identity keys, one-time and fallback keys),
/// kept sealed in the store after every change, and the keys it publishes with `/keys/upload`.
/// One per login device id: a new device id (a new login) gets a new account.
public actor MatrixDevice {
    public nonisolated let userID: String
    public nonisolated let deviceID: String
    public nonisolated let identityKeys: OlmIdentityKeys
    var account: OlmAccount
    private var isPublished: Bool
    let state: CryptoStateStore
    /// Olm sessions by the other device's Curve25519 key, newest last.
    var olmSessions: [String: [OlmSession]] = [:]
    /// When one-time keys or the fallback key were last replaced.
    private var lastTopUp: Date?

    /// Anyone can claim the bot's one-time keys (`/keys/claim`), as many as they like: new ones
    /// are made at most this often. The fallback key serves in between.
    static let topUpInterval: TimeInterval = 60

    /// How many one-time keys the bot keeps on the server: half of what the account holds, as
    /// other clients do, so keys claimed while an upload is under way still have a private half.
    static let oneTimeKeyTarget = OlmAccount.maximumOneTimeKeys / 2
    static let publishedMarker: [UInt8] = [1]

    private init(userID: String, deviceID: String, account: OlmAccount, isPublished: Bool, state: CryptoStateStore) {
        self.userID = userID
        self.deviceID = deviceID
        self.identityKeys = account.identityKeys
        self.account = account
        self.isPublished = isPublished
        self.state = state
    }

    /// The device's stored account, or a new one (stored at once, before anything is published).
    static func open(
        state: CryptoStateStore, userID: String, deviceID: String, logger: Logger
    ) async throws
        -> MatrixDevice
    {
        if let pickle = try await state.load(.olmAccount, deviceID) {
            let account = try OlmAccount(pickle: pickle)
            let published = try await state.load(.published, deviceID) != nil
            let device = MatrixDevice(
                userID: userID, deviceID: deviceID, account: account, isPublished: published, state: state)
            await device.loadOlmSessions()
            return device
        }
        let account = OlmAccount()
        try await state.save(.olmAccount, deviceID, account.pickle())
        logger.notice(
            "Created the bot's encryption keys for this device",
            metadata: ["device": "\(deviceID)", "ed25519": "\(account.identityKeys.ed25519)"])
        return MatrixDevice(userID: userID, deviceID: deviceID, account: account, isPublished: false, state: state)
    }

    /// The signed `device_keys` object, exactly as `/keys/upload` takes it: what cross-signing
    /// signs with the self-signing key.
    public func signedDeviceKeys() throws -> CanonicalJSONValue {
        try account.deviceKeys(userID: userID, deviceID: deviceID)
    }

    /// Whether the device keys are on the server.
    var hasPublishedDeviceKeys: Bool { isPublished }

    /// What a `/sync` says the server holds for this device.
    struct ServerKeyCounts: Sendable {
        /// Unclaimed signed one-time keys; nil when the sync did not say.
        var oneTimeKeys: Int?
        /// The fallback key algorithms still unused; nil when the sync did not say.
        var unusedFallbackKeyTypes: [String]?
    }

    /// Uploads what the server lacks: the device keys and a fallback key on the first call, one-time
    /// keys up to `oneTimeKeyTarget`, and a new fallback key when the server says the last one
    /// was used; these top-ups at most once per `topUpInterval`. The new private keys are stored
    /// before the upload (a crash in between uploads the same keys again) and marked published
    /// after it. Returns the server's one-time key count after the upload, or nil when nothing
    /// was uploaded.
    @discardableResult
    func publishKeys(
        _ counts: ServerKeyCounts, upload: @Sendable (CanonicalJSONValue) async throws -> [String: Int],
        now: Date = Date()
    ) async throws -> Int? {
        let mayTopUp = !isPublished || lastTopUp.map { now.timeIntervalSince($0) >= Self.topUpInterval } ?? true
        let onServer = counts.oneTimeKeys ?? (isPublished ? nil : 0)
        if mayTopUp, let onServer {
            let missing = Self.oneTimeKeyTarget - onServer - account.unpublishedOneTimeKeys.count
            if missing > 0 {
                account.generateOneTimeKeys(count: missing)
                if isPublished { lastTopUp = now }
            }
        }
        let fallbackUsed =
            counts.unusedFallbackKeyTypes.map { !$0.contains(OlmAccount.signedCurve25519) } ?? false
        if !isPublished || (fallbackUsed && mayTopUp), account.unpublishedFallbackKey.isEmpty {
            account.generateFallbackKey()
            if isPublished { lastTopUp = now }
        }
        guard !isPublished || !account.unpublishedOneTimeKeys.isEmpty || !account.unpublishedFallbackKey.isEmpty
        else { return nil }
        try await state.save(.olmAccount, deviceID, account.pickle())
        let body = try account.keysUploadBody(userID: userID, deviceID: deviceID, includeDeviceKeys: !isPublished)
        let serverCounts = try await upload(body)
        account.markKeysAsPublished()
        isPublished = true
        try await state.save([
            .init(kind: .olmAccount, name: deviceID, bytes: account.pickle()),
            .init(kind: .published, name: deviceID, bytes: Self.publishedMarker),
        ])
        return serverCounts[OlmAccount.signedCurve25519] ?? 0
    }

    /// One-time keys the account holds (published or not), for metrics and tests.
    var oneTimeKeyCount: Int { account.oneTimeKeyCount }
}

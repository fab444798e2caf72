import Logging
import MatrixCrypto

/// End-to-end encryption for one login: the bot's device and its keys on the server. Made after
/// each login by `start`, which says in the log why encryption cannot run when it cannot.
struct MatrixEncryption: Sendable {
    let device: MatrixDevice
    let client: MatrixClient
    let state: CryptoStateStore
    let configuration: MatrixEncryptionConfiguration
    let logger: Logger

    /// The device of this login with its keys published, or nil (logged) when encryption is off
    /// or cannot run; the adapter then keeps telling encrypted rooms it cannot read them.
    static func start(
        configuration: MatrixConfiguration, client: MatrixClient, userID: String, deviceID: String?,
        store: any MatrixStateStore, logger: Logger
    ) async -> MatrixEncryption? {
        let settings = configuration.encryption
        guard settings.isEnabled else { return nil }
        guard let key = settings.storeKey else {
            logger.error(
                "End-to-end encryption is off: set matrix.store_key (a secret of 16 characters or more) to seal its keys in the database; encrypted rooms get a notice meanwhile"
            )
            return nil
        }
        guard let deviceID else {
            logger.error("End-to-end encryption is off: the homeserver did not say which device the bot logged in as")
            return nil
        }
        let state = CryptoStateStore(
            store: store, vault: CryptoVault(key: key), account: "\(configuration.homeserver) \(userID)")
        do {
            let device = try await MatrixDevice.open(state: state, userID: userID, deviceID: deviceID, logger: logger)
            let encryption = MatrixEncryption(
                device: device, client: client, state: state, configuration: settings, logger: logger)
            await encryption.publishKeys(.init())
            return encryption
        } catch {
            logger.error(
                "End-to-end encryption is off: its stored state cannot be read", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Tops up one-time keys and replaces a used fallback key, as a sync batch reports them.
    func afterSync(_ response: SyncResponse) async {
        await publishKeys(
            .init(
                oneTimeKeys: response.signedOneTimeKeyCount,
                unusedFallbackKeyTypes: response.unusedFallbackKeyTypes))
    }

    private func publishKeys(_ counts: MatrixDevice.ServerKeyCounts) async {
        let client = client
        do {
            let isFirst = await !device.hasPublishedDeviceKeys
            if let count = try await device.publishKeys(counts, upload: { try await client.uploadKeys($0) }) {
                logger.log(
                    level: isFirst ? .info : .debug,
                    isFirst ? "Published the device's encryption keys" : "Published one-time keys",
                    metadata: ["device": "\(device.deviceID)", "one_time_keys": "\(count)"])
            }
        } catch {
            logger.warning(
                "Could not publish encryption keys; retrying after the next sync", metadata: ["error": "\(error)"])
        }
    }
}

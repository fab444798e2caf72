import GifBotCore
import Logging
import MatrixCrypto

/// Makes the bot's device cross-signed by its own account, as Element requires of devices it
/// shares keys with (MSC4153). Called once per start, after the device keys were uploaded:
///
/// - the account has no cross-signing keys: create master, self-signing and user-signing keys,
///   store their private halves in secret storage under a new recovery key (written to the
///   recovery key file, never logged), publish them, sign the device;
/// - the device is already signed by the published self-signing key: nothing to do;
/// - otherwise (a new device: the store was lost): with the recovery key, fetch the self-signing
///   key from secret storage, check it is the published one, sign the device. Without it the
///   bot never resets the identity: the device stays unsigned, and the log and `/readyz` say
///   what to do.
///
/// Private keys live only inside one call and are zeroed when it ends (swift-crypto's own key
/// objects, made only while signing, free their memory themselves; the recovery key's text
/// form is a `String`, which Swift cannot zero).
struct CrossSigningBootstrap: Sendable {
    let client: MatrixClient
    let userID: String
    /// For user-interactive authentication, when the homeserver asks.
    let password: String?
    /// `matrix.recovery_key`.
    let recoveryKey: String?
    /// Where a new recovery key is written, and read from when none is configured.
    let recoveryKeyFile: RecoveryKeyFile?
    /// Told when the device is not cross-signed, for `/readyz`.
    let status: AdapterStatus?
    let logger: Logger

    init(
        client: MatrixClient, userID: String, configuration: MatrixConfiguration, status: AdapterStatus?,
        logger: Logger
    ) {
        self.client = client
        self.userID = userID
        self.password = configuration.password
        self.recoveryKey = configuration.recoveryKey
        self.recoveryKeyFile = configuration.recoveryKeyFile.map(RecoveryKeyFile.init(path:))
        self.status = status
        self.logger = logger
    }

    /// `device` is the device keys object exactly as `/keys/upload` published it.
    func ensureSigned(device: CanonicalJSONValue) async -> CrossSigningOutcome {
        let outcome: CrossSigningOutcome
        do {
            outcome = try await sign(device)
        } catch {
            outcome = .unsigned(error)
        }
        report(outcome, deviceID: device["device_id"]?.stringValue ?? "?")
        return outcome
    }

    private func sign(_ device: CanonicalJSONValue) async throws(CrossSigningFailure) -> CrossSigningOutcome {
        guard device["user_id"]?.stringValue == userID, let deviceID = device["device_id"]?.stringValue,
            device["keys"]?["ed25519:\(deviceID)"]?.stringValue != nil
        else { throw .deviceKeysInvalid }
        let published: PublishedCrossSigning
        do {
            published = try await client.ownCrossSigning(userID: userID)
        } catch {
            throw .homeserver(error)
        }
        guard published.masterKey != nil else { return try await createIdentity(signing: device) }
        if published.isCrossSigned(deviceID: deviceID, userID: userID) { return .alreadySigned }
        return try await signFromSecretStorage(device, published: published)
    }

    private func createIdentity(
        signing device: CanonicalJSONValue
    ) async throws(CrossSigningFailure) -> CrossSigningOutcome {
        let (storageKey, writtenTo) = try newStorageKey()
        var keys = CrossSigningKeySet.generate()
        defer { keys.erase() }
        let storage = SecretStorageAccountData(client: client, userID: userID)
        do {
            let keyID = try await storage.addDefaultKey(storageKey)
            for usage in CrossSigningKeyPair.Usage.allCases {
                var secret = keys[usage].secret
                defer { secret.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) } }
                try await storage.store(secret, name: usage.secretName, keyID: keyID, key: storageKey)
            }
        } catch {
            throw .homeserver(error)
        }
        try await CrossSigningUpload(client: client, userID: userID, password: password)
            .publish(try keys.publishedObjects(userID: userID))
        try await signDevice(device, with: keys[.selfSigning])
        return .createdIdentity(recoveryKeyFile: writtenTo)
    }

    /// The configured recovery key's storage key; else one an earlier, interrupted start wrote to
    /// the file (so the operator's copy stays valid); else a new one, written to the file before
    /// anything is published, so a key that could not be kept is never used.
    private func newStorageKey() throws(CrossSigningFailure) -> (SecretStorageKey, String?) {
        if let recoveryKey { return (try Self.decode(recoveryKey), nil) }
        guard let recoveryKeyFile else {
            throw .recoveryKeyFileUnwritable(path: "(none)", reason: "no matrix.recovery_key_file")
        }
        if let text = try recoveryKeyFile.read(), let key = try? RecoveryKey.decode(text) {
            return (key, recoveryKeyFile.path)
        }
        let key = SecretStorageKey.generate()
        try recoveryKeyFile.write(RecoveryKey.encode(key))
        return (key, recoveryKeyFile.path)
    }

    private func signFromSecretStorage(
        _ device: CanonicalJSONValue, published: PublishedCrossSigning
    ) async throws(CrossSigningFailure) -> CrossSigningOutcome {
        var text = recoveryKey
        if text == nil { text = try recoveryKeyFile?.read() }
        guard let text, !text.isEmpty else { throw .recoveryKeyMissing }
        let storageKey = try Self.decode(text)
        let storage = SecretStorageAccountData(client: client, userID: userID)
        let keyID = try await storage.openDefaultKey(storageKey)
        let name = CrossSigningKeyPair.Usage.selfSigning.secretName
        var secret = try await storage.secret(name, keyID: keyID, key: storageKey)
        defer { secret.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) } }
        guard var selfSigning = try? CrossSigningKeyPair(secret: secret) else { throw .secretStorageIncomplete(name) }
        defer { selfSigning.erase() }
        guard selfSigning.publicKey == published.selfSigningKey else {
            throw .secretStorageIncomplete("self-signing key matching the published one")
        }
        try await signDevice(device, with: selfSigning)
        return .signedWithRecoveryKey
    }

    private func signDevice(
        _ device: CanonicalJSONValue, with selfSigning: CrossSigningKeyPair
    ) async throws(CrossSigningFailure) {
        guard var members = device.objectValue, let deviceID = members["device_id"]?.stringValue else {
            throw .deviceKeysInvalid
        }
        members["unsigned"] = nil
        let signed: CanonicalJSONValue
        do {
            signed = try selfSigning.sign(.object(members), userID: userID)
        } catch {
            throw .deviceKeysInvalid
        }
        try await client.uploadSignatures([userID: [deviceID: signed]])
    }

    static func decode(_ recoveryKey: String) throws(CrossSigningFailure) -> SecretStorageKey {
        do {
            return try RecoveryKey.decode(recoveryKey)
        } catch {
            throw .recoveryKeyMalformed
        }
    }

    private func report(_ outcome: CrossSigningOutcome, deviceID: String) {
        let metadata: Logger.Metadata = ["device": "\(deviceID)"]
        switch outcome {
        case .alreadySigned:
            logger.debug("The Matrix device is cross-signed", metadata: metadata)
            status?.warn(nil, about: "cross-signing")
        case .createdIdentity(let file?):
            let message =
                "Created the Matrix account's cross-signing keys. Its recovery key was written to \(file): keep a "
                + "copy somewhere safe and secret (a password manager); with it, a new device of the bot is "
                + "trusted after its store is lost. `gifbot matrix recovery-key` prints it."
            logger.warning("\(message)", metadata: metadata)
            status?.warn(nil, about: "cross-signing")
        case .createdIdentity(nil):
            logger.notice(
                "Created the Matrix account's cross-signing keys, stored under the configured matrix.recovery_key",
                metadata: metadata)
            status?.warn(nil, about: "cross-signing")
        case .signedWithRecoveryKey:
            logger.notice("Signed the new Matrix device with the account's key from secret storage", metadata: metadata)
            status?.warn(nil, about: "cross-signing")
        case .unsigned(let failure):
            let message =
                "The Matrix device is not cross-signed, so clients that require it (Element) may not share keys "
                + "with it: \(failure)"
            logger.warning("\(message)", metadata: metadata)
            status?.warn("device \(deviceID) not cross-signed: \(failure)", about: "cross-signing")
        }
    }
}

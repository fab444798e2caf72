/// Why the bot's device could not be cross-signed, each with what the operator can do. Shown in
/// the log and on `/readyz`: never a key, never a secret.
public enum CrossSigningFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The account has cross-signing keys and no recovery key was given: never reset them.
    case recoveryKeyMissing
    /// `matrix.recovery_key` (or the file) is not a recovery key at all.
    case recoveryKeyMalformed
    /// A recovery key, but not the one of the account's secret storage.
    case recoveryKeyWrong
    /// Secret storage lacks something cross-signing needs (named), or holds a self-signing key
    /// that is not the published one.
    case secretStorageIncomplete(String)
    /// The homeserver wants the password for `/keys/device_signing/upload` and none is set.
    case passwordNeeded
    /// The homeserver refused the password.
    case passwordRefused
    /// The new recovery key could not be written; nothing was uploaded.
    case recoveryKeyFileUnwritable(path: String, reason: String)
    /// The recovery key file exists but cannot be read.
    case recoveryKeyFileUnreadable(path: String, reason: String)
    /// The device keys given are not a device keys object of this account.
    case deviceKeysInvalid
    /// The homeserver failed or refused a request (its error code and message).
    case homeserver(MatrixError)

    public var description: String {
        switch self {
        case .recoveryKeyMissing:
            "the account already has cross-signing keys and no recovery key is configured: set matrix.recovery_key "
                + "to the account's recovery key (or put it in the file matrix.recovery_key_file names) and restart; "
                + "the bot never resets an existing identity"
        case .recoveryKeyMalformed:
            "matrix.recovery_key is not a recovery key (48 base58 characters, spaces allowed): check the value"
        case .recoveryKeyWrong:
            "matrix.recovery_key does not open this account's secret storage: give the recovery key created "
                + "with the account's cross-signing keys"
        case .secretStorageIncomplete(let what):
            "the account's secret storage has no usable \(what): sign this device from a client that holds the "
                + "account's cross-signing keys"
        case .passwordNeeded:
            "the homeserver asks for the account's password to publish cross-signing keys: set matrix.password "
                + "(the access token alone cannot confirm it) and restart"
        case .passwordRefused:
            "the homeserver refused matrix.password when publishing cross-signing keys: check it and restart"
        case .recoveryKeyFileUnwritable(let path, let reason):
            "could not write the recovery key to \(path) (\(reason)); nothing was published: make the directory "
                + "writable or set matrix.recovery_key_file, and restart"
        case .recoveryKeyFileUnreadable(let path, let reason):
            "could not read the recovery key file \(path) (\(reason)): make it readable by the bot's user"
        case .deviceKeysInvalid:
            "the device keys are not this account's"
        case .homeserver(let error):
            "the homeserver failed: \(error); the bot tries again at its next start"
        }
    }
}

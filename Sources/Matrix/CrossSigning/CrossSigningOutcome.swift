/// What `CrossSigningBootstrap.ensureSigned(device:)` did.
public enum CrossSigningOutcome: Sendable, Equatable {
    /// The device was already signed by the account's published self-signing key.
    case alreadySigned
    /// The account had no cross-signing keys: they were created, stored in secret storage and
    /// published, and the device signed. `recoveryKeyFile` is where the new recovery key was
    /// written, nil when the configured `matrix.recovery_key` was used.
    case createdIdentity(recoveryKeyFile: String?)
    /// A new device, signed with the self-signing key fetched from secret storage.
    case signedWithRecoveryKey
    /// The device stays unsigned, and why.
    case unsigned(CrossSigningFailure)

    public var isSigned: Bool {
        if case .unsigned = self { return false }
        return true
    }
}

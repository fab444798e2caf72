import MatrixCrypto

/// An account's three cross-signing keys while they are being created and published.
struct CrossSigningKeySet: Sendable {
    private var master: CrossSigningKeyPair
    private var selfSigning: CrossSigningKeyPair
    private var userSigning: CrossSigningKeyPair

    static func generate() -> CrossSigningKeySet {
        CrossSigningKeySet(master: .generate(), selfSigning: .generate(), userSigning: .generate())
    }

    subscript(usage: CrossSigningKeyPair.Usage) -> CrossSigningKeyPair {
        switch usage {
        case .master: master
        case .selfSigning: selfSigning
        case .userSigning: userSigning
        }
    }

    /// The `/keys/device_signing/upload` members: the master key's object, and the self-signing
    /// and user-signing keys' objects signed by the master key, as the specification requires.
    func publishedObjects(userID: String) throws(CrossSigningFailure) -> [String: CanonicalJSONValue] {
        do {
            return [
                "master_key": master.publicKeyObject(userID: userID, usage: .master),
                "self_signing_key": try master.sign(
                    selfSigning.publicKeyObject(userID: userID, usage: .selfSigning), userID: userID),
                "user_signing_key": try master.sign(
                    userSigning.publicKeyObject(userID: userID, usage: .userSigning), userID: userID),
            ]
        } catch {
            throw .deviceKeysInvalid
        }
    }

    mutating func erase() {
        master.erase()
        selfSigning.erase()
        userSigning.erase()
    }
}

import Foundation
import MatrixCrypto
import SecureRandomness

/// The account's secret storage as account data (client-server API, "Secret storage"): a key
/// description `m.secret_storage.key.<id>` with its check value, `m.secret_storage.default_key`
/// naming it, and each secret under its own type as `{"encrypted": {"<id>": {iv, ciphertext, mac}}}`.
struct SecretStorageAccountData: Sendable {
    let client: MatrixClient
    let userID: String

    /// Publishes a description of `key` under a fresh id and makes it the default; returns the id.
    func addDefaultKey(_ key: SecretStorageKey) async throws(MatrixError) -> String {
        let keyID = Self.newKeyID()
        var description = SecretStorageKeyCheck(key: key).json.objectValue ?? [:]
        description["algorithm"] = .string(SecretStorageCipher.algorithm)
        description["name"] = "GifBot recovery key"
        try await client.setAccountData("m.secret_storage.key.\(keyID)", userID: userID, to: .object(description))
        try await client.setAccountData("m.secret_storage.default_key", userID: userID, to: ["key": .string(keyID)])
        return keyID
    }

    /// Encrypts `secret` under the key and stores it as the account data `name`.
    func store(_ secret: [UInt8], name: String, keyID: String, key: SecretStorageKey) async throws(MatrixError) {
        let encrypted = SecretStorageCipher.encrypt(secret, name: name, key: key)
        try await client.setAccountData(name, userID: userID, to: ["encrypted": .object([keyID: encrypted.json])])
    }

    /// The id of the default key, after checking that `key` is that key (its check value, when
    /// the description has one, as the specification allows it to be absent).
    func openDefaultKey(_ key: SecretStorageKey) async throws(CrossSigningFailure) -> String {
        let pointer: CanonicalJSONValue?
        do {
            pointer = try await client.accountData("m.secret_storage.default_key", userID: userID)
        } catch {
            throw .homeserver(error)
        }
        guard let keyID = pointer?["key"]?.stringValue, !keyID.isEmpty else {
            throw .secretStorageIncomplete("default key")
        }
        let description: CanonicalJSONValue?
        do {
            description = try await client.accountData("m.secret_storage.key.\(keyID)", userID: userID)
        } catch {
            throw .homeserver(error)
        }
        guard let description, description["algorithm"]?.stringValue == SecretStorageCipher.algorithm else {
            throw .secretStorageIncomplete("key description of the default key")
        }
        if description["mac"] != nil {
            guard let check = try? SecretStorageKeyCheck(json: description) else {
                throw .secretStorageIncomplete("check value of the default key")
            }
            guard (try? check.verify(key)) != nil else { throw .recoveryKeyWrong }
        }
        return keyID
    }

    /// The secret `name`, decrypted; the caller zeroes it.
    func secret(_ name: String, keyID: String, key: SecretStorageKey) async throws(CrossSigningFailure) -> [UInt8] {
        let content: CanonicalJSONValue?
        do {
            content = try await client.accountData(name, userID: userID)
        } catch {
            throw .homeserver(error)
        }
        guard let object = content?["encrypted"]?[keyID], let encrypted = try? EncryptedSecret(json: object) else {
            throw .secretStorageIncomplete(name)
        }
        do {
            return try SecretStorageCipher.decrypt(encrypted, name: name, key: key)
        } catch {
            // The key matched the description, so the secret itself was changed or damaged.
            throw .secretStorageIncomplete(name)
        }
    }

    /// 32 letters and digits, as clients name their keys.
    static func newKeyID() -> String { SecureRandom.alphanumerics(32) }
}

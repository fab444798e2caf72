import MatrixCrypto

extension Peer {
    static let secretStorageOperations = [
        "recovery_key_generate", "recovery_key_encode", "recovery_key_decode", "secret_encrypt", "secret_decrypt",
        "key_check", "key_check_verify", "passphrase_derive",
    ]

    func performSecretStorage(_ request: Request) throws -> [String: CanonicalJSONValue]? {
        switch request.op {
        case "recovery_key_generate":
            // {} -> {key_b64, recovery_key}
            let key = SecretStorageKey.generate()
            return ["key_b64": base64(key.rawKey), "recovery_key": .string(RecoveryKey.encode(key))]
        case "recovery_key_encode":
            // {key_b64} -> {recovery_key}
            return [
                "recovery_key": .string(RecoveryKey.encode(try SecretStorageKey(rawKey: try request.bytes("key_b64"))))
            ]
        case "recovery_key_decode":
            // {recovery_key} -> {key_b64}
            return ["key_b64": base64(try RecoveryKey.decode(try request.string("recovery_key")).rawKey)]
        case "secret_encrypt":
            // {key_b64, name, secret_b64} -> {encrypted: {iv, ciphertext, mac}}
            let key = try SecretStorageKey(rawKey: try request.bytes("key_b64"))
            let encrypted = SecretStorageCipher.encrypt(
                try request.bytes("secret_b64"), name: try request.string("name"), key: key)
            return ["encrypted": encrypted.json]
        case "secret_decrypt":
            // {key_b64, name, encrypted: {iv, ciphertext, mac}} -> {secret_b64}
            let key = try SecretStorageKey(rawKey: try request.bytes("key_b64"))
            let encrypted = try EncryptedSecret(json: try request.value("encrypted"))
            return [
                "secret_b64": base64(
                    try SecretStorageCipher.decrypt(encrypted, name: try request.string("name"), key: key))
            ]
        case "key_check":
            // {key_b64} -> {iv, mac}
            return SecretStorageKeyCheck(key: try SecretStorageKey(rawKey: try request.bytes("key_b64"))).json
                .objectValue
        case "key_check_verify":
            // {key_b64, iv, mac} -> {} or secretStorageKeyMismatch
            let check = try SecretStorageKeyCheck(
                json: ["iv": try request.value("iv"), "mac": try request.value("mac")])
            try check.verify(try SecretStorageKey(rawKey: try request.bytes("key_b64")))
            return [:]
        case "passphrase_derive":
            // {passphrase, passphrase_info: {algorithm, salt, iterations, bits?}} -> {key_b64}
            let parameters = try SecretStoragePassphrase(json: try request.value("passphrase_info"))
            return ["key_b64": base64(parameters.deriveKey(from: try request.string("passphrase")).rawKey)]
        default:
            return nil
        }
    }
}

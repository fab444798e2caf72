import MatrixCrypto

extension Peer {
    static let attachmentOperations = ["attachment_encrypt", "attachment_decrypt", "encrypted_file_parse"]

    func performAttachments(_ request: Request) throws -> [String: CanonicalJSONValue]? {
        switch request.op {
        case "attachment_encrypt":
            // {plaintext_b64, url} -> {ciphertext_b64, file (EncryptedFile JSON text), key_b64}
            let encrypted = AttachmentCipher.encrypt(try request.bytes("plaintext_b64"))
            let file = try encrypted.file(url: try request.string("url"))
            return [
                "ciphertext_b64": base64(Array(encrypted.ciphertext)),
                "file": .string(String(decoding: file.jsonBytes, as: UTF8.self)),
            ]
        case "attachment_decrypt":
            // {ciphertext_b64, file (JSON text)} -> {plaintext_b64}
            let file = try EncryptedFile(jsonBytes: Array(try request.string("file").utf8))
            return [
                "plaintext_b64": base64(try AttachmentCipher.decrypt(try request.bytes("ciphertext_b64"), file: file))
            ]
        case "encrypted_file_parse":
            // {file (JSON text)} -> {file (canonical re-serialisation)}: the strict parser alone.
            let file = try EncryptedFile(jsonBytes: Array(try request.string("file").utf8))
            return ["file": .string(String(decoding: file.jsonBytes, as: UTF8.self))]
        default:
            return nil
        }
    }
}

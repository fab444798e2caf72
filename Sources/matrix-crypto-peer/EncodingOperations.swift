import MatrixCrypto

extension Peer {
    static let encodingOperations = [
        "base64_encode", "base64_decode", "canonical_json", "ed25519_generate", "ed25519_sign",
        "sign_json", "verify_json",
    ]

    mutating func performEncoding(_ request: Request) throws -> [String: CanonicalJSONValue]? {
        switch request.op {
        case "base64_encode":
            // {hex} -> {standard, url_safe}
            let bytes = try request.hex("hex")
            return [
                "standard": .string(UnpaddedBase64.encode(bytes)),
                "url_safe": .string(UnpaddedBase64.encodeURLSafe(bytes)),
            ]
        case "base64_decode":
            // {text, url_safe?} -> {hex}
            let text = try request.string("text")
            let bytes =
                request.bool("url_safe") ? try UnpaddedBase64.decodeURLSafe(text) : try UnpaddedBase64.decode(text)
            return ["hex": .string(hexString(bytes))]
        case "canonical_json":
            // {text} -> {canonical}: parses JSON text strictly and writes it canonically.
            return [
                "canonical": .string(try CanonicalJSON.encodeString(try CanonicalJSON.parse(request.string("text"))))
            ]
        case "ed25519_generate":
            // {} -> {handle, public_key}: an Olm account's Ed25519 key, as the bot signs with
            // (the peer depends on MatrixCrypto alone, so it holds no swift-crypto key of its own).
            let account = OlmAccount()
            let handle = newHandle()
            olmAccounts[handle] = account
            return ["handle": .string(handle), "public_key": .string(account.identityKeys.ed25519)]
        case "ed25519_sign":
            // {handle, message_b64} -> {signature}
            return ["signature": .string(try olmAccount(request, "handle").sign(try request.bytes("message_b64")))]
        case "sign_json":
            // {handle, user_id, device_id, text} -> {signed (canonical text), signature, signed_bytes}:
            // the signature over JSONSigning's signed bytes, placed where JSONSigning.sign places it.
            let account = try olmAccount(request, "handle")
            let object = try CanonicalJSON.parse(request.string("text"))
            let signedBytes = try JSONSigning.signedBytes(of: object)
            let signature = account.sign(signedBytes)
            guard var members = object.objectValue else { throw MatrixCryptoError.jsonNotAnObject }
            var signatures = members["signatures"]?.objectValue ?? [:]
            var byUser = signatures[try request.string("user_id")]?.objectValue ?? [:]
            byUser["ed25519:\(try request.string("device_id"))"] = .string(signature)
            signatures[try request.string("user_id")] = .object(byUser)
            members["signatures"] = .object(signatures)
            return [
                "signed": .string(try CanonicalJSON.encodeString(.object(members))),
                "signature": .string(signature),
                "signed_bytes": .string(String(decoding: signedBytes, as: UTF8.self)),
            ]
        case "verify_json":
            // {text, user_id, device_id, public_key} -> {} or signatureMissing / badSignature
            try JSONSigning.verify(
                try CanonicalJSON.parse(request.string("text")), userID: try request.string("user_id"),
                deviceID: try request.string("device_id"), publicKeyBase64: try request.string("public_key"))
            return [:]
        default:
            return nil
        }
    }
}

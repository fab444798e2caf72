import Crypto
import MatrixCrypto

/// An Ed25519 key made by `ed25519_generate` (swift-crypto's key types are not `Sendable`,
/// which this single-threaded tool does not need).
struct SigningKeyHolder {
    let key: Curve25519.Signing.PrivateKey
}

extension Peer {
    static let encodingOperations = [
        "base64_encode", "base64_decode", "canonical_json", "ed25519_generate", "ed25519_sign", "ed25519_verify",
        "sign_json", "verify_json",
    ]

    mutating func performEncoding(_ request: Request) throws -> [String: JSONValue]? {
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
            // {} -> {handle, public_key}
            let key = Curve25519.Signing.PrivateKey()
            let handle = newHandle()
            signingKeys[handle] = SigningKeyHolder(key: key)
            return ["handle": .string(handle), "public_key": base64(Array(key.publicKey.rawRepresentation))]
        case "ed25519_sign":
            // {handle, message_b64} -> {signature}
            let key = try signingKey(request)
            return ["signature": base64(Array(try key.signature(for: try request.bytes("message_b64"))))]
        case "ed25519_verify":
            // {public_key, message_b64, signature} -> {} or badSignature
            let publicKey = try Ed25519Keys.publicKey(try request.string("public_key"))
            let signature: [UInt8]
            do {
                signature = try UnpaddedBase64.decode(try request.string("signature"))
            } catch {
                throw MatrixCryptoError.badSignature
            }
            guard publicKey.isValidSignature(signature, for: try request.bytes("message_b64")) else {
                throw MatrixCryptoError.badSignature
            }
            return [:]
        case "sign_json":
            // {handle, user_id, device_id, text} -> {signed (canonical text), signature, signed_bytes (canonical text signed)}
            let key = try signingKey(request)
            let object = try CanonicalJSON.parse(request.string("text"))
            let signed = try JSONSigning.sign(
                object, userID: try request.string("user_id"), deviceID: try request.string("device_id"), key: key)
            return [
                "signed": .string(try CanonicalJSON.encodeString(signed)),
                "signature": .string(try JSONSigning.signature(of: object, key: key)),
                "signed_bytes": .string(String(decoding: try JSONSigning.signedBytes(of: object), as: UTF8.self)),
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

    func signingKey(_ request: Request) throws -> Curve25519.Signing.PrivateKey {
        let handle = try request.string("handle")
        guard let holder = signingKeys[handle] else { throw RequestError(message: "no signing key \(handle)") }
        return holder.key
    }
}

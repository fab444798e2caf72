import FuzzSupport
import MatrixCrypto

// The `file` object of an encrypted attachment (EncryptedFile JSON, v2 with a JWK): parsed
// strictly. Invariants: no crash; an accepted file encodes to canonical JSON that parses back to
// the same file and encodes to the same bytes again; decrypting with it never traps (only the
// SHA-256 decides, and it is checked first).

private let fixedKey = try! JSONWebKey(rawKey: FuzzFixtures.secret("attachment/key"))
private let fixedCiphertext = Array("an attachment's ciphertext".utf8)

public enum EncryptedFileFuzz: FuzzTarget {
    public static func prepare() {
        let file = try! EncryptedFile(
            url: "mxc://example.org/abcdef", key: fixedKey,
            iv: Array(FuzzFixtures.secret("attachment/iv").prefix(8)) + Array(repeating: 0, count: 8),
            sha256: FuzzFixtures.secret("attachment/hash"))
        // The same kind of object as a client might space it, with padded base64 in `iv` (which the
        // parser tolerates there, as Element has sent it).
        let hash = UnpaddedBase64.encode(FuzzFixtures.secret("attachment/hash"))
        let k = UnpaddedBase64.encodeURLSafe(FuzzFixtures.secret("attachment/other-key"))
        let pretty = """
            { "url": "mxc://example.org/x", "v": "v2", "iv": "AAAAAAAAAAAAAAAAAAAAAA==",
              "hashes": {"sha256": "\(hash)"},
              "key": {"kty": "oct", "alg": "A256CTR", "ext": true, "key_ops": ["encrypt", "decrypt"], "k": "\(k)"} }
            """
        SeedFiles.writeIfRequested(FuzzFixtures.seeds("file", [file.jsonBytes, Array(pretty.utf8)]))
    }

    public static func fuzz(_ bytes: [UInt8]) {
        guard let file = try? EncryptedFile(jsonBytes: bytes) else { return }
        let encoded = file.jsonBytes
        guard let again = try? EncryptedFile(jsonBytes: encoded) else {
            invariant(false, "an accepted file's JSON does not parse: \(String(decoding: encoded, as: UTF8.self))")
            return
        }
        invariant(again == file, "the file's JSON parses to another file")
        invariant(again.jsonBytes == encoded, "the file's JSON is not canonical")
        invariant(
            file.iv.count == EncryptedFile.ivByteCount && file.sha256.count == EncryptedFile.sha256ByteCount,
            "field sizes")
        _ = try? AttachmentCipher.decrypt(fixedCiphertext, file: file)
    }
}

/// What a receiver needs to fetch and decrypt an attachment: the `EncryptedFile` object of the
/// client-server API ("Sending encrypted attachments"), version `v2`, carried in `file` or
/// `thumbnail_file` of an encrypted event.
///
/// `init(json:)` is the parser of untrusted input: every member the specification requires is
/// checked for presence, type, size and value, and the first problem is reported by its path.
/// Members this module does not use (other hash algorithms, `mimetype` and the like) are ignored.
public struct EncryptedFile: Sendable, Equatable {
    /// The only version this module reads and writes; `v1` (no counter convention) is refused.
    public static let version = "v2"
    /// Bytes of the AES-CTR initial counter block.
    public static let ivByteCount = 16
    /// Bytes of a SHA-256 digest.
    public static let sha256ByteCount = 32
    /// An mxc URI longer than this is not a real one (servers cap media ids far below it).
    public static let maximumURLBytes = 2048
    /// Limits for parsing an `EncryptedFile` from bytes: an event is at most 64 KiB, and the
    /// object is at most three levels deep.
    public static let parserLimits = JSONParser.Limits(maximumBytes: 65_536, maximumDepth: 8)

    /// The `mxc://` URI of the ciphertext.
    public var url: String
    public var key: JSONWebKey
    /// The initial counter block: 8 random bytes then a 64-bit big-endian counter (zero when
    /// this module encrypts).
    public var iv: [UInt8]
    /// SHA-256 of the ciphertext, checked before anything is decrypted.
    public var sha256: [UInt8]

    public init(url: String, key: JSONWebKey, iv: [UInt8], sha256: [UInt8]) throws(MatrixCryptoError) {
        guard Self.isPlausibleMXC(url) else { throw .encryptedFileInvalid(field: "url") }
        guard iv.count == Self.ivByteCount else { throw .encryptedFileInvalid(field: "iv") }
        guard sha256.count == Self.sha256ByteCount else { throw .encryptedFileInvalid(field: "hashes.sha256") }
        self.url = url
        self.key = key
        self.iv = iv
        self.sha256 = sha256
    }

    /// Parses an `EncryptedFile` object from JSON bytes, within `parserLimits`.
    public init(jsonBytes: [UInt8]) throws(MatrixCryptoError) {
        try self.init(json: try JSONParser.parse(jsonBytes, limits: Self.parserLimits))
    }

    /// Parses an `EncryptedFile` object already parsed as JSON.
    public init(json: CanonicalJSONValue) throws(MatrixCryptoError) {
        guard let members = json.objectValue else { throw .encryptedFileInvalid(field: "") }
        guard members["v"]?.stringValue == Self.version else { throw .encryptedFileInvalid(field: "v") }
        guard let url = members["url"]?.stringValue else { throw .encryptedFileInvalid(field: "url") }
        guard let keyObject = members["key"] else { throw .encryptedFileInvalid(field: "key") }
        let key = try JSONWebKey(json: keyObject)
        guard let encodedIV = members["iv"]?.stringValue else { throw .encryptedFileInvalid(field: "iv") }
        let iv = try Base64Field.decode(
            encodedIV, byteCount: Self.ivByteCount, orThrow: .encryptedFileInvalid(field: "iv"))
        guard let hashes = members["hashes"]?.objectValue else { throw .encryptedFileInvalid(field: "hashes") }
        guard let encodedHash = hashes["sha256"]?.stringValue else {
            throw .encryptedFileInvalid(field: "hashes.sha256")
        }
        let sha256 = try Base64Field.decode(
            encodedHash, byteCount: Self.sha256ByteCount, orThrow: .encryptedFileInvalid(field: "hashes.sha256"))
        try self.init(url: url, key: key, iv: iv, sha256: sha256)
    }

    /// The object as the specification lays it out, base64 unpadded (`k` URL-safe).
    public var json: CanonicalJSONValue {
        [
            "v": .string(Self.version),
            "url": .string(url),
            "key": key.json,
            "iv": .string(UnpaddedBase64.encode(iv)),
            "hashes": ["sha256": .string(UnpaddedBase64.encode(sha256))],
        ]
    }

    /// The object in canonical JSON (never fails: it holds no integers).
    public var jsonBytes: [UInt8] {
        (try? CanonicalJSON.encode(json)) ?? []
    }

    /// `mxc://server/media-id`, both parts non-empty, within the length limit.
    static func isPlausibleMXC(_ url: String) -> Bool {
        let prefix = "mxc://"
        guard url.utf8.count <= maximumURLBytes, url.hasPrefix(prefix) else { return false }
        let parts = url.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
    }
}

extension EncryptedFile: CustomStringConvertible, CustomDebugStringConvertible {
    /// The URL only: the key, and with it the IV, never reach a log.
    public var description: String { "EncryptedFile(\(url), key redacted)" }
    public var debugDescription: String { description }
}

extension EncryptedFile: RedactedReflection {}

import Testing

@testable import MatrixCrypto

@Suite("Attachments: strict parsing of EncryptedFile")
struct EncryptedFileParsingTests {
    /// A valid object (fresh key each run) to mutate one member at a time.
    static func validObject() throws -> [String: CanonicalJSONValue] {
        let encrypted = AttachmentCipher.encrypt(Array("file".utf8))
        return try #require(try encrypted.file(url: "mxc://example.org/media").json.objectValue)
    }

    static func replacing(_ path: [String], with value: CanonicalJSONValue?) throws -> CanonicalJSONValue {
        var object = try validObject()
        if path.count == 1 {
            object[path[0]] = value
        } else {
            var inner = try #require(object[path[0]]?.objectValue)
            inner[path[1]] = value
            object[path[0]] = .object(inner)
        }
        return .object(object)
    }

    @Test("The serialised object has exactly the members and values the specification lists")
    func serialisedShape() throws {
        let object = try Self.validObject()
        #expect(Set(object.keys) == ["v", "url", "key", "iv", "hashes"])
        #expect(object["v"] == "v2")
        let key = try #require(object["key"]?.objectValue)
        #expect(Set(key.keys) == ["kty", "key_ops", "alg", "k", "ext"])
        #expect(key["kty"] == "oct" && key["alg"] == "A256CTR" && key["ext"] == true)
        #expect(key["key_ops"] == ["encrypt", "decrypt"])
        let k = try #require(key["k"]?.stringValue)
        #expect(k.count == 43 && !k.contains("+") && !k.contains("/") && !k.contains("="))
        #expect(object["iv"]?.stringValue?.count == 22)
        #expect(object["hashes"]?["sha256"]?.stringValue?.count == 43)
    }

    @Test("Parsing what was serialised gives the same file")
    func parseSerialised() throws {
        let file = try EncryptedFile(json: .object(try Self.validObject()))
        #expect(try EncryptedFile(jsonBytes: file.jsonBytes) == file)
    }

    @Test(
        "A missing or wrong member is refused with its path",
        arguments: [
            (["v"], nil, "v"), (["v"], "v1", "v"), (["v"], 2, "v"),
            (["url"], nil, "url"), (["url"], "https://example.org/x", "url"), (["url"], "mxc://", "url"),
            (["url"], "mxc://server/", "url"),
            (["url"], .string("mxc://s/" + String(repeating: "a", count: 2048)), "url"),
            (["key"], nil, "key"), (["key"], "k", "key"),
            (["key", "kty"], "RSA", "key.kty"), (["key", "kty"], nil, "key.kty"),
            (["key", "alg"], "A128CTR", "key.alg"), (["key", "ext"], false, "key.ext"),
            (["key", "ext"], "true", "key.ext"),
            (["key", "key_ops"], ["encrypt"], "key.key_ops"),
            (["key", "key_ops"], ["encrypt", "decrypt", 1], "key.key_ops"),
            (["key", "key_ops"], .array(Array(repeating: "decrypt", count: 17) + ["encrypt"]), "key.key_ops"),
            (["key", "k"], nil, "key.k"), (["key", "k"], "AAAA", "key.k"),
            (["key", "k"], .string(String(repeating: "A", count: 43) + "=="), "key.k"),
            (["key", "k"], .string("+" + String(repeating: "A", count: 42)), "key.k"),
            (["iv"], nil, "iv"), (["iv"], "AAAAAAAAAAAAAAAAAAAAAA=", "iv"), (["iv"], "AAAAAAAAAAAAAAAAAAAA=AA", "iv"),
            (["iv"], "AAAAAAAAAAAAAAAAAAAA", "iv"),
            (["iv"], "AAAAAAAAAAAAAAAAAAAAA-", "iv"), (["iv"], "AAAAAAAAAAAAAAAAAAAAAB", "iv"),
            (["hashes"], nil, "hashes"), (["hashes", "sha256"], nil, "hashes.sha256"),
            (["hashes", "sha256"], "AAAA", "hashes.sha256"), (["hashes", "sha256"], 5, "hashes.sha256"),
        ] as [([String], CanonicalJSONValue?, String)])
    func refused(path: [String], value: CanonicalJSONValue?, field: String) throws {
        let object = try Self.replacing(path, with: value)
        #expect(throws: MatrixCryptoError.encryptedFileInvalid(field: field)) { try EncryptedFile(json: object) }
    }

    @Test("Other members, extra key operations and other hashes are accepted and ignored")
    func extensionsIgnored() throws {
        var object = try Self.validObject()
        object["mimetype"] = "image/gif"
        var key = try #require(object["key"]?.objectValue)
        key["key_ops"] = ["decrypt", "encrypt", "wrapKey"]
        object["key"] = .object(key)
        var hashes = try #require(object["hashes"]?.objectValue)
        hashes["sha512"] = "whatever"
        object["hashes"] = .object(hashes)
        _ = try EncryptedFile(json: .object(object))
    }

    @Test("Canonical padding on iv and hash (as older clients wrote them) is accepted")
    func paddingTolerated() throws {
        var object = try Self.validObject()
        let iv = try #require(object["iv"]?.stringValue)
        object["iv"] = .string(iv + "==")
        let file = try EncryptedFile(json: .object(object))
        #expect(file.iv.count == 16)
    }

    @Test("Not an object, not JSON, or too large is refused with a typed error")
    func notAnObject() throws {
        #expect(throws: MatrixCryptoError.encryptedFileInvalid(field: "")) { try EncryptedFile(json: ["v2"]) }
        #expect(throws: MatrixCryptoError.jsonMalformed(offset: 1)) { try EncryptedFile(jsonBytes: Array("{".utf8)) }
        let huge = Array("\"".utf8) + [UInt8](repeating: 0x61, count: 70_000) + Array("\"".utf8)
        #expect(throws: MatrixCryptoError.jsonTooLarge(limit: 65_536)) { try EncryptedFile(jsonBytes: huge) }
    }
}

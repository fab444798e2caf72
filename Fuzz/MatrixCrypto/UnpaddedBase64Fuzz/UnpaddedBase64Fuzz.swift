import FuzzSupport
import MatrixCrypto

// Unpadded base64, standard and URL-safe alphabets, strict on input. Invariants: no crash; text
// that decodes encodes back to the same text (one spelling per value: no padding, no unused bits
// set, no characters of the other alphabet); and any bytes encode to text that decodes to them.

public enum UnpaddedBase64Fuzz: FuzzTarget {
    public static func prepare() {
        let key = FuzzFixtures.secret("base64")
        SeedFiles.writeIfRequested(
            FuzzFixtures.seeds(
                "base64",
                [
                    Array(UnpaddedBase64.encode(key).utf8), Array(UnpaddedBase64.encodeURLSafe(key).utf8),
                    Array(UnpaddedBase64.encode(key.prefix(31)).utf8), Array(UnpaddedBase64.encode(key.prefix(1)).utf8),
                    Array("+/-_==".utf8),
                ]))
    }

    public static func fuzz(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let decoded = try? UnpaddedBase64.decode(text) {
            invariant(UnpaddedBase64.encode(decoded) == text, "\(text) is not the only spelling of its bytes")
        }
        if let decoded = try? UnpaddedBase64.decodeURLSafe(text) {
            invariant(UnpaddedBase64.encodeURLSafe(decoded) == text, "\(text) is not the only URL-safe spelling")
        }
        let standard = UnpaddedBase64.encode(bytes)
        invariant((try? UnpaddedBase64.decode(standard)) == bytes, "\(standard) does not decode to its bytes")
        let urlSafe = UnpaddedBase64.encodeURLSafe(bytes)
        invariant((try? UnpaddedBase64.decodeURLSafe(urlSafe)) == bytes, "\(urlSafe) does not decode to its bytes")
        invariant(!standard.contains("=") && !urlSafe.contains("="), "padding in the output")
    }
}

import FuzzSupport
import MatrixCrypto

// The strict, bounded JSON parser of MatrixCrypto and canonical JSON (what signatures cover).
// Invariants: no crash, no stack overflow (depth is bounded); a parsed value encodes to canonical
// bytes that parse to the same value and encode to the same bytes (the canonical form is a fixed
// point); canonical bytes given as input come back unchanged.

public enum CanonicalJSONFuzz: FuzzTarget {
    public static func prepare() {
        let account = FuzzFixtures.bobAccount
        let deviceKeys = try! account.deviceKeys(userID: "@bob:example.org", deviceID: "BOBDEVICE")
        SeedFiles.writeIfRequested(
            FuzzFixtures.seeds(
                "json",
                [
                    try! CanonicalJSON.encode(deviceKeys),
                    Array(#"{"b": [1, -2, 9007199254740991, true, false, null], "a": {"é": "\u00e9\n\"\\"}}"#.utf8),
                    Array(#"[[[[{"": ""}]]]]"#.utf8),
                ]))
    }

    public static func fuzz(_ bytes: [UInt8]) {
        guard let value = try? CanonicalJSON.parse(bytes) else { return }
        guard let canonical = try? CanonicalJSON.encode(value) else {
            invariant(false, "a parsed value does not encode: \(hex(bytes))")
            return
        }
        guard let reparsed = try? CanonicalJSON.parse(canonical) else {
            invariant(false, "canonical JSON does not parse: \(String(decoding: canonical, as: UTF8.self))")
            return
        }
        invariant(
            reparsed == value, "canonical JSON parses to another value: \(String(decoding: canonical, as: UTF8.self))")
        invariant((try? CanonicalJSON.encode(reparsed)) == canonical, "canonical JSON is not a fixed point")
        if let text = try? CanonicalJSON.encodeString(value) {
            invariant(Array(text.utf8) == canonical, "encodeString differs from encode")
        }
    }
}

/// Canonical JSON as the Matrix specification defines it (appendices, "Canonical JSON"): object
/// keys sorted by Unicode code point, no insignificant whitespace, UTF-8, integers only, in the
/// range -(2^53)+1 ... (2^53)-1, and the shortest escapes. These are the bytes Ed25519 signs, so
/// two implementations must produce exactly the same ones.
public enum CanonicalJSON {
    /// The largest magnitude canonical JSON allows: integers exact in an IEEE double.
    public static let maximumInteger: Int64 = (1 << 53) - 1

    /// The canonical encoding of `value`. Throws `.jsonIntegerOutOfRange` for an integer
    /// outside the allowed range (a value built by a caller, not by the parser).
    public static func encode(_ value: CanonicalJSONValue) throws(MatrixCryptoError) -> [UInt8] {
        var output: [UInt8] = []
        try append(value, to: &output)
        return output
    }

    /// The canonical encoding as a string (always valid UTF-8).
    public static func encodeString(_ value: CanonicalJSONValue) throws(MatrixCryptoError) -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }

    /// Parses JSON bytes strictly (see `JSONParser`) into a value.
    public static func parse(
        _ bytes: some Collection<UInt8>, limits: JSONParser.Limits = .default
    ) throws(MatrixCryptoError) -> CanonicalJSONValue {
        try JSONParser.parse(Array(bytes), limits: limits)
    }

    /// Parses JSON text strictly.
    public static func parse(
        _ text: String, limits: JSONParser.Limits = .default
    ) throws(MatrixCryptoError) -> CanonicalJSONValue {
        try JSONParser.parse(Array(text.utf8), limits: limits)
    }

    static func append(_ value: CanonicalJSONValue, to output: inout [UInt8]) throws(MatrixCryptoError) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number):
            guard number >= -maximumInteger && number <= maximumInteger else { throw .jsonIntegerOutOfRange }
            output.append(contentsOf: String(number).utf8)
        case .string(let text):
            JSONStringEscaping.append(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                try append(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            // Code point order equals UTF-8 byte order, so the keys' bytes are compared directly
            // (Swift's own String ordering is by normalised form, not code points).
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONStringEscaping.append(key, to: &output)
                output.append(UInt8(ascii: ":"))
                try append(members[key]!, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

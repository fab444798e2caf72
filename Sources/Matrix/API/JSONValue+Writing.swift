import Foundation

// The matrix-sync fuzz target compiles this file in one module with JSONStringEscaping.swift.
#if canImport(MatrixCrypto)
import MatrixCrypto
#endif

/// JSON text of a value: request bodies.
extension JSONValue {
    /// Compact JSON text, keys sorted so that the same value is always the same bytes.
    public func encoded() throws -> Data { Data(try encodedBytes()) }

    /// Written here rather than by Foundation's encoder, which spent about 180,000 instructions
    /// on one reply's content (callgrind, benchmark scenario 9): it boxes every value before
    /// writing it. Strings are escaped as canonical JSON escapes them, keys sorted by code point.
    func encodedBytes() throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(512)
        try append(to: &output)
        return output
    }

    private func append(to output: inout [UInt8]) throws {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value):
            guard value.isFinite else {
                throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "not a JSON number"))
            }
            // Integers JSON can carry exactly (2^53), as the specification's canonical JSON bounds them.
            if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
                output.append(contentsOf: String(Int64(value)).utf8)
            } else {
                output.append(contentsOf: value.description.utf8)
            }
        case .string(let value): JSONStringEscaping.append(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                try element.append(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
                .enumerated()
            {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONStringEscaping.append(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                try member.value.append(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

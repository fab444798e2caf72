/// JSON strings as canonical JSON writes them (`CanonicalJSON`), and the Matrix adapter's
/// request bodies (`JSONValue.encoded()`) too. Without imports, so that a fuzz target can compile
/// it beside the adapter's JSON files (scripts/fuzz, matrix-sync).
public enum JSONStringEscaping {
    /// A string with only the escapes the grammar requires: `"` and `\`, the five short control
    /// escapes, and `\u00xx` (lower-case hex) for the other control characters. Everything
    /// else, including non-ASCII and U+007F, is written as its UTF-8 bytes.
    public static func append(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { append(escaping: $0, to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    /// The bytes between escapes are copied a run at a time: appended one by one, each byte
    /// cost an append's checks, about 17 million instructions over scenario 9's encrypted
    /// rounds (the events' JSON, their canonical forms for signing, the upload records).
    private static func append(escaping bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            appendEscape(of: byte, to: &output)
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    private static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            output.append(contentsOf: Array("u00".utf8))
            output.append(hex[Int(byte >> 4)])
            output.append(hex[Int(byte & 0x0F)])
        }
    }
}

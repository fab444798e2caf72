import Foundation
import Testing

@testable import MatrixCrypto

/// The escaper copies the bytes between escapes a run at a time; it must write what escaping
/// byte by byte writes, wherever the escapes fall (first, last, side by side, none), and what
/// it writes must read back as the same string.
@Suite struct JSONStringEscapingTests {
    /// The grammar's escapes, a byte at a time: the escaper's contract, written plainly.
    static func escapedByteByByte(_ text: String) -> [UInt8] {
        var output: [UInt8] = [UInt8(ascii: "\"")]
        let short: [UInt8: UInt8] = [
            UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"), 0x08: UInt8(ascii: "b"),
            0x0C: UInt8(ascii: "f"), 0x0A: UInt8(ascii: "n"), 0x0D: UInt8(ascii: "r"), 0x09: UInt8(ascii: "t"),
        ]
        for byte in text.utf8 {
            if let letter = short[byte] {
                output += [UInt8(ascii: "\\"), letter]
            } else if byte < 0x20 {
                output += Array(String(format: "\\u%04x", Int(byte)).utf8)
            } else {
                output.append(byte)
            }
        }
        return output + [UInt8(ascii: "\"")]
    }

    static func escaped(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        JSONStringEscaping.append(text, to: &output)
        return output
    }

    @Test(
        "Escapes first, last, side by side, alone, or none",
        arguments: [
            "", "plain text", "\"", "\\", "\"quoted\"", "ends with a backslash\\", "\n\t\r", "a\u{0}b\u{1F}c",
            "\"\"\\\\", "ä ö 😀 \u{7F}", "mixed \"runs\" of\ttext\u{01}and escapes\\",
        ])
    func sameAsByteByByte(_ text: String) throws {
        let written = Self.escaped(text)
        #expect(written == Self.escapedByteByByte(text))
        #expect(try JSONDecoder().decode(String.self, from: Data(written)) == text)
    }

    @Test("Random strings of every ASCII byte and some non-ASCII read back as written")
    func randomStringsRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["é", "€", "😀"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...40, using: &generator))
                .map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let written = Self.escaped(text)
            #expect(written == Self.escapedByteByByte(text), "\(Array(text.utf8))")
            #expect(try JSONDecoder().decode(String.self, from: Data(written)) == text)
        }
    }

    @Test("Appends after what the output already holds")
    func appendsToExistingOutput() {
        var output = Array("[1,".utf8)
        JSONStringEscaping.append("a\"b", to: &output)
        #expect(output == Array("[1,".utf8) + Self.escapedByteByByte("a\"b"))
    }
}

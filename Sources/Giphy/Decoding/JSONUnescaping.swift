#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONReader {
    /// Decodes a string's escapes straight into the new String's storage (one allocation, none
    /// for short strings): the stand-in and some encoders escape every `/` of every URL. An
    /// invalid escape or a lone surrogate becomes U+FFFD; invalid UTF-8 is repaired as usual.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        // Decoded text is never longer than its escaped form (\uXXXX: 6 bytes for at most 3,
        // a surrogate pair: 12 for 4; U+FFFD: 3 bytes for at least 2 escaped ones... so allow 2x).
        String(unsafeUninitializedCapacity: raw.count * 2) { output in
            var written = 0
            var index = 0
            func append(_ byte: UInt8) {
                output[written] = byte
                written += 1
            }
            func append(scalar: Unicode.Scalar) {
                for unit in UTF8.encode(scalar)! { append(unit) }
            }
            while index < raw.count {
                // Copy the run up to the next backslash at once.
                let rest = raw.count - index
                let found = memchr(raw.baseAddress! + index, Int32(UInt8(ascii: "\\")), rest)
                let run =
                    found.map { raw.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) - index } ?? rest
                if run > 0 {
                    UnsafeMutableRawPointer(output.baseAddress! + written).copyMemory(
                        from: raw.baseAddress! + index, byteCount: run)
                    written += run
                    index += run
                }
                guard index < raw.count else { break }
                guard index + 1 < raw.count else {
                    append(raw[index])
                    index += 1
                    continue
                }
                let kind = raw[index + 1]
                index += 2
                switch kind {
                case UInt8(ascii: "n"): append(0x0A)
                case UInt8(ascii: "t"): append(0x09)
                case UInt8(ascii: "r"): append(0x0D)
                case UInt8(ascii: "b"): append(0x08)
                case UInt8(ascii: "f"): append(0x0C)
                case UInt8(ascii: "u"):
                    guard let unit = hex(raw, at: index) else {
                        append(scalar: "\u{FFFD}")
                        continue
                    }
                    index += 4
                    if (0xD800..<0xDC00).contains(unit), index + 1 < raw.count, raw[index] == UInt8(ascii: "\\"),
                        raw[index + 1] == UInt8(ascii: "u"), let low = hex(raw, at: index + 2),
                        (0xDC00..<0xE000).contains(low)
                    {
                        index += 6
                        append(scalar: Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
                    } else {
                        append(scalar: Unicode.Scalar(unit) ?? "\u{FFFD}")
                    }
                default: append(kind)  // \" \\ \/ and, leniently, anything else as itself
                }
            }
            return written
        }
    }

    private static func hex(_ raw: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt32? {
        guard position + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for byte in raw[position..<position + 4] {
            guard let digit = hexValue(byte) else { return nil }
            value = value << 4 | digit
        }
        return value
    }
}

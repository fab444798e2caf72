/// RFC 3986 percent-encoding of one path segment or query value: the unreserved characters
/// (ASCII letters, digits, `-`, `.`, `_`, `~`) pass and every other UTF-8 byte becomes `%XX`, so
/// user text can never add a `/`, `?`, `#` or `&` to a request. Done on the bytes: Foundation's
/// `addingPercentEncoding` goes through CFString and was ~6% of a cache-miss command's CPU,
/// mostly spent on GIPHY's long `fields` value (issue 9).
public enum PercentEncoding {
    public static func encode(_ text: String) -> String {
        let utf8 = text.utf8
        if utf8.allSatisfy(isUnreserved) { return text }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

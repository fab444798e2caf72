/// `application/x-www-form-urlencoded` fields (a form's body, a query string): `+` is a space,
/// `%XX` a byte; malformed escapes are kept as they are. The first value of a name wins.
struct FormFields: Sendable {
    private var values: [String: String] = [:]

    init(_ encoded: String) {
        for pair in encoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            if values[name] == nil { values[name] = parts.count > 1 ? Self.decode(parts[1]) : "" }
        }
    }

    subscript(_ name: String) -> String? { values[name] }

    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

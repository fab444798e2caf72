/// Reads space-separated tokens from a line's bytes. Every cut is at an ASCII byte,
/// so each slice of valid UTF-8 stays valid UTF-8.
struct ByteCursor {
    let bytes: [UInt8]
    private(set) var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var peek: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    mutating func advance() {
        position += 1
    }

    mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == .space {
            position += 1
        }
    }

    mutating func readToken() -> String {
        let start = position
        while position < bytes.count, bytes[position] != .space {
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func readRest() -> String {
        let start = position
        position = bytes.count
        return String(decoding: bytes[start...], as: UTF8.self)
    }
}

extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let colon = UInt8(ascii: ":")
    static let at = UInt8(ascii: "@")
    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")
}

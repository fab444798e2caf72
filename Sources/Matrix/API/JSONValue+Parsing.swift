import Foundation

/// Matrix answers (a sync batch, an upload's or a send's answer, an error's body) and decrypted
/// events, read into `JSONValue`s in one pass over their bytes. Foundation's `JSONDecoder`
/// read them through `Decodable`: a keyed container per object, a thrown error per wrong guess of
/// a value's kind, type checks at run time; 3.5% of an encrypted room's command and 7% of a
/// plain room's (perf, benchmark scenario 9), for answers of a few kB.
///
/// Strict about the text's structure, lenient about what a room's member can put in it, so that
/// no event can make a whole batch unreadable and silence the bot: values nested deeper than
/// `deepestValueRead` (which nothing the bot reads is) are skipped and read as null, as is a
/// number beyond a Double's range; an escaped lone surrogate is read as U+FFFD, and a repeated
/// key keeps its last value.
extension JSONValue {
    /// Objects and arrays deeper than this are read as null. A sync batch's event content starts
    /// at depth 8; what the bot reads of it lies a few levels below.
    static let deepestValueRead = 64

    /// The JSON document in `data`; throws when it is not JSON.
    public static func parse(_ data: Data) throws(JSONTextError) -> JSONValue {
        let parsed = data.withUnsafeBytes { bytes in Result { () throws(JSONTextError) in try parse(bytes) } }
        return try parsed.get()
    }

    /// The JSON document in `bytes`; throws when it is not JSON.
    public static func parse(_ bytes: [UInt8]) throws(JSONTextError) -> JSONValue {
        let parsed = bytes.withUnsafeBytes { bytes in Result { () throws(JSONTextError) in try parse(bytes) } }
        return try parsed.get()
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONTextError) -> JSONValue {
        var reader = JSONTextReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.isAtEnd else { throw reader.malformed }
        return value
    }
}

/// Text that is not a JSON document, with where reading it stopped.
public struct JSONTextError: Error, Equatable {
    public let offset: Int
}

/// The reader behind `JSONValue.parse`, over bytes it does not own (valid during the parse only).
private struct JSONTextReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }
    var malformed: JSONTextError { JSONTextError(offset: position) }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The value at `position`, whose enclosing objects and arrays number `depth`.
    mutating func value(depth: Int) throws(JSONTextError) -> JSONValue {
        guard let byte = peek() else { throw malformed }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < JSONValue.deepestValueRead else {
                try skipNested()
                return .null
            }
            return byte == UInt8(ascii: "{") ? try object(depth: depth + 1) : try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            // Beyond a Double's range (1e400) is no number JSON can be written back with.
            let number = try number()
            return number.isFinite ? .number(number) : .null
        default: throw malformed
        }
    }

    private mutating func object(depth: Int) throws(JSONTextError) -> JSONValue {
        position += 1  // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw malformed }
            let key = try string()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw malformed }
            position += 1
            skipWhitespace()
            members[key] = try value(depth: depth)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw malformed
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONTextError) -> JSONValue {
        position += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw malformed
            }
        }
    }

    /// Passes over an object or array too deep to be read, counting brackets without recursion
    /// (so no depth costs stack) and passing over strings whole, so that brackets inside them do
    /// not count. Its inside is checked no further than that.
    private mutating func skipNested() throws(JSONTextError) {
        var open = 0
        repeat {
            guard let byte = peek() else { throw malformed }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                open -= 1
                position += 1
            case UInt8(ascii: "\""): _ = try string()
            default: position += 1
            }
        } while open > 0
    }

    private mutating func literal(_ text: StaticString) throws(JSONTextError) {
        let count = text.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw malformed }
        for offset in 0..<count where bytes[position + offset] != text.utf8Start[offset] { throw malformed }
        position += count
    }

    /// A number as JSON writes one. An integer of up to 15 digits (event timestamps, ages, counts:
    /// most numbers in Matrix answers) is read digit by digit; anything else by the standard
    /// library's parser, once its text is known to be a JSON number.
    private mutating func number() throws(JSONTextError) -> Double {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        let digitsStart = position
        var magnitude: Int64 = 0
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            if position - digitsStart < 15 { magnitude = magnitude * 10 + Int64(byte - UInt8(ascii: "0")) }
            position += 1
        }
        let digits = position - digitsStart
        // At least one digit, and no leading zero before others.
        guard digits > 0, !(digits > 1 && bytes[digitsStart] == UInt8(ascii: "0")) else { throw malformed }
        var exact = digits <= 15
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard try skipDigits() > 0 else { throw malformed }
            exact = false
        }
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            position += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard try skipDigits() > 0 else { throw malformed }
            exact = false
        }
        if exact { return Double(negative ? -magnitude : magnitude) }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw JSONTextError(offset: start) }
        return value
    }

    private mutating func skipDigits() throws(JSONTextError) -> Int {
        let start = position
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }

    /// A string; its text is taken as it lies when it has no escapes (most do). Invalid UTF-8
    /// is read as U+FFFD, as `String(decoding:as:)` repairs it.
    private mutating func string() throws(JSONTextError) -> String {
        position += 1  // the opening quote
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<(position - 1)]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw malformed }
            position += 1
        }
        throw malformed
    }

    /// The rest of a string from its first escape at `position`, its text so far from `start`.
    private mutating func escapedString(from start: Int) throws(JSONTextError) -> String {
        var utf8 = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while let byte = peek() {
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"): try escape(into: &utf8)
            case 0x00..<0x20: throw JSONTextError(offset: position - 1)
            default: utf8.append(byte)
            }
        }
        throw malformed
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(JSONTextError) {
        guard let byte = peek() else { throw malformed }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var value = UInt32(try hex4())
            if (0xD800..<0xDC00).contains(value), bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            {
                // A high surrogate followed by an escaped low one: together one scalar.
                let mark = position
                position += 2
                let low = UInt32(try hex4())
                if (0xDC00..<0xE000).contains(low) {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    position = mark  // not its pair: read on its own next
                }
            }
            // A lone surrogate is no scalar: read as the replacement character.
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            utf8.append(contentsOf: String(scalar).utf8)
        default:
            throw JSONTextError(offset: position - 1)
        }
    }

    private mutating func hex4() throws(JSONTextError) -> UInt16 {
        guard bytes.count - position >= 4 else { throw malformed }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw malformed
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }
}

/// A strict JSON parser (RFC 8259) for bytes from the network, producing `CanonicalJSONValue`s that
/// canonical JSON can re-encode exactly: numbers must be integers in canonical JSON's range,
/// strings valid UTF-8 (escaped surrogates must pair), keys unique, and nothing may follow the
/// value but whitespace. Input size and nesting depth are bounded so that a hostile document
/// costs at most `limits` to refuse.
public struct JSONParser {
    /// What the parser accepts at most.
    public struct Limits: Sendable {
        /// Bytes of input. Matrix events are at most 65,536 bytes; key query answers are larger.
        public var maximumBytes: Int
        /// Nesting of arrays and objects; recursion is bounded by it.
        public var maximumDepth: Int

        public init(maximumBytes: Int, maximumDepth: Int) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
        }

        public static let `default` = Limits(maximumBytes: 1 << 20, maximumDepth: 64)
    }

    private let bytes: [UInt8]
    private let limits: Limits
    private var position = 0

    private init(bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Parses one complete JSON document.
    public static func parse(
        _ bytes: [UInt8], limits: Limits = .default
    ) throws(MatrixCryptoError) -> CanonicalJSONValue {
        guard bytes.count <= limits.maximumBytes else { throw .jsonTooLarge(limit: limits.maximumBytes) }
        var parser = JSONParser(bytes: bytes, limits: limits)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw .jsonMalformed(offset: parser.position) }
        return value
    }

    private var malformed: MatrixCryptoError { .jsonMalformed(offset: position) }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            position += 1
        }
    }

    private mutating func expect(_ literal: String) throws(MatrixCryptoError) {
        for expected in literal.utf8 {
            guard peek() == expected else { throw malformed }
            position += 1
        }
    }

    private mutating func parseValue(depth: Int) throws(MatrixCryptoError) -> CanonicalJSONValue {
        guard let byte = peek() else { throw malformed }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .integer(try parseInteger())
        default: throw malformed
        }
    }

    private mutating func parseObject(depth: Int) throws(MatrixCryptoError) -> CanonicalJSONValue {
        guard depth <= limits.maximumDepth else { throw .jsonTooDeep(limit: limits.maximumDepth) }
        position += 1  // {
        var members: [String: CanonicalJSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw malformed }
            let key = try parseString()
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            let value = try parseValue(depth: depth)
            guard members.updateValue(value, forKey: key) == nil else { throw .jsonDuplicateKey }
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

    private mutating func parseArray(depth: Int) throws(MatrixCryptoError) -> CanonicalJSONValue {
        guard depth <= limits.maximumDepth else { throw .jsonTooDeep(limit: limits.maximumDepth) }
        position += 1  // [
        var elements: [CanonicalJSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
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

    /// An integer: optional minus, then 0 or digits without a leading zero. A fraction or
    /// exponent is valid JSON but not canonical JSON, and is refused as such.
    private mutating func parseInteger() throws(MatrixCryptoError) -> Int64 {
        let negative = peek() == UInt8(ascii: "-")
        if negative { position += 1 }
        guard let first = peek(), first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { throw malformed }
        var magnitude: Int64 = 0
        var digits = 0
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            if digits == 1 && first == UInt8(ascii: "0") { throw malformed }
            // Past 16 digits the value is out of range anyway; stop before Int64 could overflow.
            if digits < 17 { magnitude = magnitude * 10 + Int64(byte - UInt8(ascii: "0")) }
            digits += 1
            position += 1
        }
        if let byte = peek(), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw .jsonNotAnInteger
        }
        guard digits <= 16 && magnitude <= CanonicalJSON.maximumInteger else { throw .jsonIntegerOutOfRange }
        return negative ? -magnitude : magnitude
    }

    private mutating func parseString() throws(MatrixCryptoError) -> String {
        position += 1  // opening quote
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek() else { throw malformed }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                // Raw bytes of the input were copied as they were: validate them as UTF-8 once.
                guard let text = String(validating: utf8, as: UTF8.self) else { throw malformed }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw malformed
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(MatrixCryptoError) {
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
            var scalarValue = UInt32(try parseHex4())
            if (0xD800..<0xDC00).contains(scalarValue) {
                // A high surrogate must be followed by an escaped low one; together they are one scalar.
                try expect("\\u")
                let low = UInt32(try parseHex4())
                guard (0xDC00..<0xE000).contains(low) else { throw malformed }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            }
            // A lone low surrogate is not a scalar: refused here.
            guard let scalar = Unicode.Scalar(scalarValue) else { throw malformed }
            utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw malformed
        }
    }

    private mutating func parseHex4() throws(MatrixCryptoError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw malformed }
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

import Foundation

/// A JSON parser (RFC 8259) for bytes from the network, building any `JSONTree`, in one of two
/// readings (`Limits.lenient`):
///
/// - **Canonical** (for what is signed): values canonical JSON can re-encode exactly. Strings must
///   be valid UTF-8 (escaped surrogates must pair), keys unique, and nesting deeper than the
///   limit is refused; numbers are the tree's to accept (`CanonicalJSONValue`: integers in
///   canonical JSON's range).
/// - **Lenient** (for Matrix answers and events nobody signed), so that nothing one room's member
///   writes makes a whole answer unreadable: values nested deeper than the limit are skipped
///   without recursion and read as null, a repeated key keeps its last value, a lone surrogate
///   and invalid UTF-8 read as U+FFFD.
///
/// Either way, text that is not JSON is refused, nothing may follow the value but whitespace,
/// and input size and nesting depth are bounded, so a hostile document costs at most `limits`.
/// The parser's code is inlinable, so that it is specialized for each tree where it is used (a
/// generic parser would handle every value through the tree's witness tables).
public enum JSONParser {
    /// What the parser accepts at most, and how it reads what canonical JSON refuses.
    public struct Limits: Sendable {
        /// Bytes of input. Matrix events are at most 65,536 bytes; key query answers are larger.
        public var maximumBytes: Int
        /// Nesting of arrays and objects; recursion is bounded by it.
        public var maximumDepth: Int
        /// The lenient reading (above) rather than the canonical one.
        public var lenient: Bool

        public init(maximumBytes: Int, maximumDepth: Int, lenient: Bool = false) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
            self.lenient = lenient
        }

        public static let `default` = Limits(maximumBytes: 1 << 20, maximumDepth: 64)
    }

    /// Parses one complete JSON document into a `Tree`.
    @inlinable
    public static func parse<Tree: JSONTree>(
        _ bytes: UnsafeRawBufferPointer, as _: Tree.Type, limits: Limits
    ) throws(MatrixCryptoError) -> Tree {
        guard bytes.count <= limits.maximumBytes else { throw .jsonTooLarge(limit: limits.maximumBytes) }
        var reader = JSONTreeReader<Tree>(bytes: bytes, limits: limits)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.malformed }
        return value
    }

    /// Parses one complete JSON document into a `Tree` (from an array's bytes or `Data`'s).
    @inlinable
    public static func parse<Tree: JSONTree>(
        _ bytes: some ContiguousBytes, as tree: Tree.Type, limits: Limits
    ) throws(MatrixCryptoError) -> Tree {
        // `withUnsafeBytes` rethrows untyped errors: the typed one is carried out in a `Result`.
        let parsed = bytes.withUnsafeBytes { bytes in
            Result { () throws(MatrixCryptoError) in try parse(bytes, as: tree, limits: limits) }
        }
        return try parsed.get()
    }
}

/// The parser's cursor over bytes it does not own (valid during one parse).
@usableFromInline
struct JSONTreeReader<Tree: JSONTree> {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline let limits: JSONParser.Limits
    @usableFromInline var position = 0

    @inlinable
    init(bytes: UnsafeRawBufferPointer, limits: JSONParser.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    @inlinable
    var malformed: MatrixCryptoError { .jsonMalformed(offset: position) }

    @inlinable
    func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    @inlinable
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    @inlinable
    mutating func value(depth: Int) throws(MatrixCryptoError) -> Tree {
        guard let byte = peek() else { throw malformed }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
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
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw malformed
        }
    }

    /// Whether the container at `position`, at `depth`, is read; one too deep is refused, or in
    /// the lenient reading skipped (then read as null).
    @inlinable
    mutating func entering(depth: Int) throws(MatrixCryptoError) -> Bool {
        guard depth > limits.maximumDepth else { return true }
        guard limits.lenient else { throw .jsonTooDeep(limit: limits.maximumDepth) }
        try skipContainer()
        return false
    }

    @inlinable
    mutating func object(depth: Int) throws(MatrixCryptoError) -> Tree {
        guard try entering(depth: depth) else { return .null }
        position += 1  // {
        var members: [String: Tree] = [:]
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
            try literal(":")
            skipWhitespace()
            let value = try value(depth: depth)
            // Canonical JSON refuses a repeated key: which of its values was signed is ambiguous.
            guard members.updateValue(value, forKey: key) == nil || limits.lenient else { throw .jsonDuplicateKey }
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

    @inlinable
    mutating func array(depth: Int) throws(MatrixCryptoError) -> Tree {
        guard try entering(depth: depth) else { return .null }
        position += 1  // [
        var elements: [Tree] = []
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
    @inlinable
    mutating func skipContainer() throws(MatrixCryptoError) {
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

    @inlinable
    mutating func literal(_ text: StaticString) throws(MatrixCryptoError) {
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        for byte in expected {
            guard peek() == byte else { throw malformed }
            position += 1
        }
    }

    /// A number's grammar, with the value of its integer digits; what it is worth is the tree's.
    /// Optional minus, then 0 or digits without a leading zero, then an optional fraction and
    /// exponent.
    @inlinable
    mutating func number() throws(MatrixCryptoError) -> Tree {
        let start = position
        let isNegative = bytes[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }
        guard let first = peekDigit() else { throw malformed }
        var magnitude: Int64 = 0
        var digits = 0
        while let byte = peekDigit() {
            if digits == 1 && first == UInt8(ascii: "0") { throw malformed }
            // Past 17 digits no tree reads the value from here; stop before Int64 could overflow.
            if digits < 17 { magnitude = magnitude * 10 + Int64(byte - UInt8(ascii: "0")) }
            digits += 1
            position += 1
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            position += 1
            try digitRun()
            isInteger = false
        }
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            position += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            try digitRun()
            isInteger = false
        }
        return try Tree.parsedNumber(
            JSONNumber(
                text: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), isNegative: isNegative,
                integerDigits: digits, magnitude: magnitude, isInteger: isInteger))
    }

    /// One digit or more.
    @inlinable
    mutating func digitRun() throws(MatrixCryptoError) {
        guard peekDigit() != nil else { throw malformed }
        while peekDigit() != nil { position += 1 }
    }

    /// The byte at `position` if it is a decimal digit.
    @inlinable
    func peekDigit() -> UInt8? {
        guard let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        return byte
    }

    /// A string; its text is taken as it lies when it has no escape (most have none).
    @inlinable
    mutating func string() throws(MatrixCryptoError) -> String {
        position += 1  // the opening quote
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return try text(UnsafeRawBufferPointer(rebasing: bytes[start..<(position - 1)]))
            case UInt8(ascii: "\\"): return try escapedString(from: start)
            case 0x00..<0x20: throw malformed
            default: continue
            }
        }
        throw malformed
    }

    /// The rest of a string after its first escape (`position` is past the backslash), its
    /// text so far from `start`.
    @inlinable
    mutating func escapedString(from start: Int) throws(MatrixCryptoError) -> String {
        var utf8 = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<(position - 1)]))
        try escape(into: &utf8)
        while let byte = peek() {
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return try text(utf8)
            case UInt8(ascii: "\\"): try escape(into: &utf8)
            case 0x00..<0x20: throw malformed
            default: utf8.append(byte)
            }
        }
        throw malformed
    }

    /// A string's bytes as text: in the canonical reading they must be valid UTF-8; in the
    /// lenient one, what is not is repaired.
    @inlinable
    func text(_ utf8: some Collection<UInt8>) throws(MatrixCryptoError) -> String {
        guard !limits.lenient else { return String(decoding: utf8, as: UTF8.self) }
        guard let text = String(validating: utf8, as: UTF8.self) else { throw malformed }
        return text
    }

    @inlinable
    mutating func escape(into utf8: inout [UInt8]) throws(MatrixCryptoError) {
        guard let byte = peek() else { throw malformed }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"): utf8.append(contentsOf: String(try escapedScalar()).utf8)
        default: throw malformed
        }
    }

    /// The scalar of a `\uXXXX` escape (`position` is past the `u`): a high surrogate followed by
    /// an escaped low one are one scalar together. A surrogate without its pair is refused, or in
    /// the lenient reading read as U+FFFD (and what follows it read on its own).
    @inlinable
    mutating func escapedScalar() throws(MatrixCryptoError) -> Unicode.Scalar {
        let value = UInt32(try hex4())
        if (0xD800..<0xDC00).contains(value) {
            let mark = position
            if peek() == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") {
                position += 2
                let low = UInt32(try hex4())
                if (0xDC00..<0xE000).contains(low),
                    let pair = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
                {
                    return pair
                }
            }
            guard limits.lenient else { throw malformed }
            position = mark
            return "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(value) else {
            // A lone low surrogate.
            guard limits.lenient else { throw malformed }
            return "\u{FFFD}"
        }
        return scalar
    }

    @inlinable
    mutating func hex4() throws(MatrixCryptoError) -> UInt16 {
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

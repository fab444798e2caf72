#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A forward-only JSON reader that builds values only for the keys a model asks for and skips
/// everything else at scanning speed. A GIPHY page is ~250 kB of which the bot uses a few
/// kB; `JSONDecoder` materialises every key of every object it opens (issue 9's profile: two
/// thirds of a command's CPU), this reader materialises nothing it is not asked for.
///
/// It checks structure (brackets, strings, literals, what follows the top-level value) but is
/// lenient inside values it skips, as a scanner is: malformed input fails with `.malformed`,
/// never a crash, and nesting depth costs no stack because skipping is iterative.
/// The keys a model reads from one JSON object.
protocol JSONKey: RawRepresentable<String>, CaseIterable, Sendable {
    /// Every key with its bytes, made once per type.
    static var table: JSONKeyTable<Self> { get }
}

/// A model's keys as bytes, so a key read is matched with a length check and a memcmp instead
/// of building or walking Strings (the reader's hottest loop before).
struct JSONKeyTable<Key: JSONKey>: Sendable {
    let entries: [(key: Key, bytes: [UInt8])]

    init() {
        entries = Key.allCases.map { ($0, Array($0.rawValue.utf8)) }
    }

    func key(matching raw: UnsafeBufferPointer<UInt8>) -> Key? {
        guard let base = raw.baseAddress else { return entries.first { $0.bytes.isEmpty }?.key }
        for entry in entries where entry.bytes.count == raw.count {
            let equal = entry.bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, raw.count) == 0 }
            if equal { return entry.key }
        }
        return nil
    }
}

struct JSONReader {
    enum Failure: Error, Equatable { case malformed }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// Reads `body` with a reader; the reader must not escape `read`.
    static func read<Value>(_ body: [UInt8], _ read: (inout JSONReader) throws -> Value) throws -> Value {
        try body.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            let value = try read(&reader)
            guard reader.nextByte() == nil else { throw Failure.malformed }  // nothing after the value
            return value
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Structure

    /// The kind of the next value, without consuming it.
    enum Kind { case object, array, string, number, bool, null }

    mutating func peekKind() throws -> Kind {
        guard let byte = nextByte() else { throw Failure.malformed }
        return switch byte {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        default: throw Failure.malformed
        }
    }

    /// Enters the object at the cursor; follow with `nextKey` until it returns nil.
    mutating func beginObject() throws {
        try expect(UInt8(ascii: "{"))
        afterOpening = true
    }

    /// Enters the array at the cursor; follow with `hasNextElement` until it returns false.
    mutating func beginArray() throws {
        try expect(UInt8(ascii: "["))
        afterOpening = true
    }

    /// Whether the next thing in a container is the first (no comma before it).
    private var afterOpening = false

    /// The next key of the current object as one of `Key`'s cases, `.some(nil)` for a key the
    /// model does not use (its value must then be skipped), or nil at the end of the object.
    /// Keys are compared as bytes: no String is built for them.
    mutating func nextKey<Key: JSONKey>(_: Key.Type) throws -> Key?? {
        guard try nextMember(closing: UInt8(ascii: "}")) else { return nil }
        guard nextByte() == UInt8(ascii: "\"") else { throw Failure.malformed }
        let (start, end, escaped) = try scanString()
        try expect(UInt8(ascii: ":"))
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if escaped {
            let key = Self.unescape(raw)
            return .some(Key(rawValue: key))
        }
        return .some(Key.table.key(matching: raw))
    }

    /// Whether the current array has another element (the cursor is then on it).
    mutating func hasNextElement() throws -> Bool {
        try nextMember(closing: UInt8(ascii: "]"))
    }

    private mutating func nextMember(closing: UInt8) throws -> Bool {
        let first = afterOpening
        afterOpening = false
        guard let byte = nextByte() else { throw Failure.malformed }
        if byte == closing {
            index += 1
            return false
        }
        if !first {
            guard byte == UInt8(ascii: ",") else { throw Failure.malformed }
            index += 1
        }
        return true
    }

    // MARK: Values

    /// A string value, or nil (and the value skipped) when it is anything else.
    mutating func string() throws -> String? {
        guard try peekKind() == .string else {
            try skipValue()
            return nil
        }
        let (raw, escaped) = try rawString()
        return escaped ? Self.unescape(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// The contents of the string value at the cursor, which must be one (`peekKind`), as they
    /// are in the body, and whether they hold escapes; valid as long as the body is.
    mutating func rawString() throws -> (bytes: UnsafeBufferPointer<UInt8>, escaped: Bool) {
        let (start, end, escaped) = try scanString()
        return (UnsafeBufferPointer(rebasing: bytes[start..<end]), escaped)
    }

    /// The text of a number value, or nil (and the value skipped) when it is anything else.
    mutating func numberText() throws -> UnsafeBufferPointer<UInt8>? {
        guard try peekKind() == .number else {
            try skipValue()
            return nil
        }
        let start = index
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<index])
    }

    /// true or false, or nil (and the value skipped) when it is anything else.
    mutating func bool() throws -> Bool? {
        guard try peekKind() == .bool else {
            try skipValue()
            return nil
        }
        if bytes[index] == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    /// Skips one value of any kind, however deeply nested, without recursion.
    mutating func skipValue() throws {
        guard let byte = nextByte() else { throw Failure.malformed }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["): try skipContainer()
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            guard Self.isNumberByte(byte) else { throw Failure.malformed }
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        }
    }

    /// Skips the object or array at the cursor, looking only at brackets and strings: most of a
    /// GIPHY page is renditions and analytics nobody reads, and this loop is most of the
    /// reading time. Brackets must still pair up (kept on a bit stack); what lies between them
    /// is taken leniently, as a scanner does.
    private mutating func skipContainer() throws {
        guard let base = bytes.baseAddress else { throw Failure.malformed }
        var brackets = BracketStack()
        while index < bytes.count {
            switch base[index] {
            case UInt8(ascii: "\""):
                try skipString()
                continue
            case UInt8(ascii: "{"): brackets.push(isArray: false)
            case UInt8(ascii: "["): brackets.push(isArray: true)
            case UInt8(ascii: "}"):
                guard brackets.pop() == false else { throw Failure.malformed }
                if brackets.isEmpty {
                    index += 1
                    return
                }
            case UInt8(ascii: "]"):
                guard brackets.pop() == true else { throw Failure.malformed }
                if brackets.isEmpty {
                    index += 1
                    return
                }
            default: break
            }
            index += 1
        }
        throw Failure.malformed
    }

    // MARK: Scanning

    /// The next non-whitespace byte, with the cursor on it; nil at the end.
    private mutating func nextByte() -> UInt8? {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            case let byte: return byte
            }
        }
        return nil
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard nextByte() == byte else { throw Failure.malformed }
        index += 1
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Failure.malformed }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw Failure.malformed }
        index += count
    }

    /// Moves past the string at the cursor; returns the bounds of its contents and whether it
    /// holds escapes. Finding the closing quote uses memchr, since most bytes of a GIPHY page
    /// are inside long URL strings.
    private mutating func scanString() throws -> (start: Int, end: Int, escaped: Bool) {
        let start = index + 1
        let quote = try skipString()
        guard let base = bytes.baseAddress else { throw Failure.malformed }
        let escaped = memchr(base + start, Int32(UInt8(ascii: "\\")), quote - start) != nil
        return (start, quote, escaped)
    }

    /// Moves past the string at the cursor; returns where its closing quote is.
    @discardableResult
    private mutating func skipString() throws -> Int {
        index += 1  // the opening quote
        let start = index
        guard let base = bytes.baseAddress else { throw Failure.malformed }
        while true {
            guard index < bytes.count,
                let found = memchr(base + index, Int32(UInt8(ascii: "\"")), bytes.count - index)
            else {
                throw Failure.malformed
            }
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while quote - backslashes - 1 >= start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            index = quote + 1
            if backslashes % 2 == 0 { return quote }
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
            UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

/// Which brackets are open while a container is skipped: one bit each (set for `[`), in a
/// word for the first 64 levels and an array past them, so deep nesting costs no stack.
private struct BracketStack {
    private var word: UInt64 = 0
    private var wordDepth = 0
    private var deeper: [Bool] = []

    var isEmpty: Bool { wordDepth == 0 }

    mutating func push(isArray: Bool) {
        if wordDepth < 64 {
            word = word << 1 | (isArray ? 1 : 0)
            wordDepth += 1
        } else {
            deeper.append(isArray)
        }
    }

    /// Whether the closed bracket was `[`; nil when none was open.
    mutating func pop() -> Bool? {
        if let last = deeper.popLast() { return last }
        guard wordDepth > 0 else { return nil }
        let isArray = word & 1 == 1
        word >>= 1
        wordDepth -= 1
        return isArray
    }
}

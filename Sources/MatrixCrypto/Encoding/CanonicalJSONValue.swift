/// A JSON value as canonical JSON allows it: integers only (no fractions or exponents), objects
/// as unordered string-keyed maps (the serialiser orders the keys). Owned by MatrixCrypto so the
/// bytes that are signed are produced by this module alone, independent of any Foundation coder.
///
/// Object keys are Swift `String`s, which compare by canonical equivalence: two keys that differ
/// only in Unicode normalisation are one key here, and the parser refuses such an object as a
/// duplicate-key object rather than silently dropping one of them. Each stored key keeps the
/// code points it was written with, and those are what get serialised and signed.
///
/// The Matrix adapter's `JSONValue` is the lenient one for event content (numbers as Double);
/// this is the strict one for what is signed. When part 2 of the encryption work brings the two
/// together in the adapter, signed objects are built and checked with this type alone.
public enum CanonicalJSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case string(String)
    case array([CanonicalJSONValue])
    case object([String: CanonicalJSONValue])

    /// The member `key` of an object, or nil (also when this is not an object).
    public subscript(key: String) -> CanonicalJSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    public var objectValue: [String: CanonicalJSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    public var arrayValue: [CanonicalJSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    public var integerValue: Int64? {
        if case .integer(let number) = self { number } else { nil }
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }
}

extension CanonicalJSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: CanonicalJSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, CanonicalJSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

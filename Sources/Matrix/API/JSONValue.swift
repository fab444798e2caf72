import Foundation

/// Any JSON value, for event content whose shape varies by sender and client. The tests build
/// request bodies and read answers with this same type. Read from text by `parse`
/// (`JSONValue+Parsing.swift`), written by `encoded`.
public enum JSONValue: Sendable, Hashable, Encodable {
    case null
    case bool(Bool)
    /// Every number; integral values are written without a fraction (`1`, not `1.0`): Matrix
    /// servers reject floats where the specification says integer.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            // Integers JSON can carry exactly (2^53), as the specification's canonical JSON bounds them.
            if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number without its fraction; nil when it is not a number or does not fit an Int
    /// (JSON allows 1e300, which `Int(_:)` would trap on).
    public var int: Int? {
        if case .number(let value) = self { return Int(exactly: value.rounded(.towardZero)) }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }
}

/// Literals, so that bodies read like the JSON they send:
/// `["msgtype": "m.notice", "body": "hi", "m.relates_to": ["m.in_reply_to": ["event_id": id]]]`.
extension JSONValue: ExpressibleByNilLiteral, ExpressibleByStringLiteral, ExpressibleByStringInterpolation,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(Dictionary(elements) { $1 }) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

import Foundation

/// A JSON document as a Sendable value: Matrix events carry free-form `content`, and tests need
/// to both build request bodies and dig into responses without a Codable type for each shape.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// Every number; integral values are written without a fraction (`1`, not `1.0`), because
    /// Synapse's admin API rejects floats where it expects integers.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses UTF-8 JSON text.
    public init(parsing data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Parses UTF-8 JSON text.
    public init(parsing bytes: [UInt8]) throws {
        try self.init(parsing: Data(bytes))
    }

    /// Parses JSON text.
    public init(parsing text: String) throws {
        try self.init(parsing: Data(text.utf8))
    }

    /// The compact JSON text, keys sorted so that the output is stable.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The compact JSON text as a String (for messages and logs).
    public var jsonText: String {
        (try? encoded()).map { String(decoding: $0, as: UTF8.self) } ?? "<unencodable>"
    }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null:
            try container.encodeNil()
        case .bool(let value):
            try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 9.007_199_254_740_992e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value):
            try container.encode(value)
        case .array(let value):
            try container.encode(value)
        case .object(let value):
            try container.encode(value)
        }
    }
}

extension JSONValue: CustomStringConvertible {
    public var description: String { jsonText }
}

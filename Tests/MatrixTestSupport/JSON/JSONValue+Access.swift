import Foundation
import Matrix

/// What tests add to the adapter's `JSONValue`: parsing from text, and typed reads that return
/// nil for a missing key or another type, so that lookups chain like
/// `content["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.stringValue`.
extension JSONValue {
    /// Parses UTF-8 JSON text.
    public init(parsing data: Data) throws {
        self = try JSONValue.parse(data)
    }

    /// Parses UTF-8 JSON text.
    public init(parsing bytes: [UInt8]) throws {
        try self.init(parsing: Data(bytes))
    }

    /// Parses JSON text.
    public init(parsing text: String) throws {
        try self.init(parsing: Data(text.utf8))
    }

    /// The compact JSON text as a String (for test messages).
    public var jsonText: String {
        (try? encoded()).map { String(decoding: $0, as: UTF8.self) } ?? "<unencodable>"
    }

    /// For values computed at run time: `.int(count)` reads better than `.number(Double(count))`.
    public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    public var stringValue: String? { string }

    public var doubleValue: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }

    /// The number if it is integral.
    public var intValue: Int? {
        guard case .number(let value) = self, value.rounded() == value, let int = Int(exactly: value) else {
            return nil
        }
        return int
    }

    public var boolValue: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    public var isNull: Bool { self == .null }
}

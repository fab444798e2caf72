/// Typed reads that return nil for a missing key or another type, so that tests can chain
/// lookups like `content["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.stringValue`.
extension JSONValue {
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

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

    public var arrayValue: [JSONValue]? {
        guard case .array(let value) = self else { return nil }
        return value
    }

    public var objectValue: [String: JSONValue]? {
        guard case .object(let value) = self else { return nil }
        return value
    }

    public var isNull: Bool { self == .null }
}

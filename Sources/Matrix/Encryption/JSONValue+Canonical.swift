import MatrixCrypto

/// Between the adapter's lenient `JSONValue` (what the server sent, what the bot sends) and
/// MatrixCrypto's `CanonicalJSONValue` (what is signed or encrypted).
extension CanonicalJSONValue {
    /// Nil when `json` holds a number that is not an integer within canonical JSON's range.
    init?(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .string(let value): self = .string(value)
        case .number(let value):
            guard let integer = Int64(exactly: value), abs(integer) <= CanonicalJSON.maximumInteger else { return nil }
            self = .integer(integer)
        case .array(let values):
            var converted: [CanonicalJSONValue] = []
            for value in values {
                guard let element = CanonicalJSONValue(value) else { return nil }
                converted.append(element)
            }
            self = .array(converted)
        case .object(let members):
            var converted: [String: CanonicalJSONValue] = [:]
            for (key, value) in members {
                guard let element = CanonicalJSONValue(value) else { return nil }
                converted[key] = element
            }
            self = .object(converted)
        }
    }
}

extension JSONValue {
    init(_ canonical: CanonicalJSONValue) {
        switch canonical {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .string(let value): self = .string(value)
        case .integer(let value): self = .number(Double(value))
        case .array(let values): self = .array(values.map(JSONValue.init))
        case .object(let members): self = .object(members.mapValues(JSONValue.init))
        }
    }
}

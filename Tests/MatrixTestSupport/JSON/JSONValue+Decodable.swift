import Matrix

/// Tests read the reports of their peers and browsers with `Decodable` types that hold some of it
/// as a `JSONValue`; the bot reads Matrix answers with `JSONValue.parse` alone.
///
/// A decoder cannot be asked what kind of value comes next, only tried, so the kinds are tried
/// one after another.
extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let object = try? container.decode([String: JSONValue].self) {
            self = .object(object)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .bool(try container.decode(Bool.self))
        }
    }
}

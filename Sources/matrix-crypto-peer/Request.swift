import MatrixCrypto

/// One parsed request: `{"id": ..., "op": "...", ...parameters}`, parsed by MatrixCrypto's own
/// strict JSON parser (which the requests exercise as well).
struct Request {
    let id: CanonicalJSONValue
    let op: String
    let parameters: [String: CanonicalJSONValue]

    /// Requests carry whole attachments (the cross-check sends 2 MiB ones) in base64.
    static let limits = JSONParser.Limits(maximumBytes: 64 << 20, maximumDepth: 64)

    init(line: String) throws {
        let value = try CanonicalJSON.parse(line, limits: Self.limits)
        guard let members = value.objectValue else { throw RequestError(message: "request is not an object") }
        guard let op = members["op"]?.stringValue else { throw RequestError(message: "request has no op") }
        self.id = members["id"] ?? .null
        self.op = op
        self.parameters = members
    }

    func string(_ name: String) throws -> String {
        guard let value = parameters[name]?.stringValue else { throw RequestError(message: "\(op): \(name) missing") }
        return value
    }

    func optionalString(_ name: String) -> String? {
        parameters[name]?.stringValue
    }

    func integer(_ name: String) throws -> Int64 {
        guard let value = parameters[name]?.integerValue else { throw RequestError(message: "\(op): \(name) missing") }
        return value
    }

    func bool(_ name: String, default fallback: Bool = false) -> Bool {
        parameters[name]?.boolValue ?? fallback
    }

    func value(_ name: String) throws -> CanonicalJSONValue {
        guard let value = parameters[name] else { throw RequestError(message: "\(op): \(name) missing") }
        return value
    }

    /// A byte parameter, sent as standard unpadded base64 (`<name>` ending in `_b64`).
    func bytes(_ name: String) throws -> [UInt8] {
        do {
            return try UnpaddedBase64.decode(try string(name))
        } catch {
            throw RequestError(message: "\(op): \(name) is not unpadded base64")
        }
    }

    /// A byte parameter sent as lowercase hex (for the base64 operations themselves).
    func hex(_ name: String) throws -> [UInt8] {
        let text = Array(try string(name).utf8)
        guard text.count % 2 == 0 else { throw RequestError(message: "\(op): \(name) is not hex") }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: text.count, by: 2) {
            guard let high = Self.nibble(text[index]), let low = Self.nibble(text[index + 1]) else {
                throw RequestError(message: "\(op): \(name) is not hex")
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

func hexString(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
}

func base64(_ bytes: [UInt8]) -> CanonicalJSONValue {
    .string(UnpaddedBase64.encode(bytes))
}

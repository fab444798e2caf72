import GifSources

/// A part of a Matrix answer read from one JSON object (an event, mostly): nil when the object
/// lacks what the type must have, so that a list drops it (`LossyList`) instead of failing.
protocol JSONObjectReadable {
    init?(json: [String: JSONValue])
}

extension LossyList where Element: JSONObjectReadable {
    /// The elements of `json` that read as `Element`, the others counted as dropped; nil when
    /// `json` is not an array (or absent).
    init?(json: JSONValue?) {
        guard let values = json?.arrayValue else { return nil }
        self.init()
        elements.reserveCapacity(values.count)
        for value in values {
            if let object = value.objectValue, let element = Element(json: object) {
                elements.append(element)
            } else {
                droppedCount += 1
            }
        }
    }
}

extension [String: JSONValue] {
    /// An optional string field: `.some(nil)` when absent or null, nil when it holds another kind
    /// of value (which makes the object unreadable, as the specification's types allow none).
    func optionalString(_ key: String) -> String?? {
        switch self[key] {
        case nil, .null?: return .some(nil)
        case .string(let text)?: return .some(text)
        default: return nil
        }
    }
}

import Foundation

// KLIPY sends numbers as JSON numbers, but its clients also accept strings, and ids run past
// 2^53 (9924056256405606 is real). These readers accept both forms and never go through
// `Double` for an id. The GIPHY module has its own; the provider seam can share one set.

/// An integer that may arrive as a JSON number or a string of digits; nil for anything else.
struct KlipyLenientInt: Decodable, Sendable {
    let value: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
            value = int
        } else if let string = try? container.decode(String.self) {
            value = Int(string.trimmingCharacters(in: .whitespaces))
        } else {
            value = nil
        }
    }
}

/// An id kept as text: a JSON integer is printed exactly (Int64 holds every KLIPY id seen),
/// a string is kept as sent.
struct KlipyLenientID: Decodable, Sendable {
    let value: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int64.self) {
            value = String(int)
        } else if let uint = try? container.decode(UInt64.self) {
            value = String(uint)
        } else if let string = try? container.decode(String.self) {
            let trimmed = string.trimmingCharacters(in: .whitespaces)
            value = trimmed.isEmpty ? nil : trimmed
        } else {
            value = nil
        }
    }
}

extension KeyedDecodingContainer {
    func klipyInt(_ key: Key) -> Int? {
        (try? decodeIfPresent(KlipyLenientInt.self, forKey: key))??.value
    }

    func klipyID(_ key: Key) -> String? {
        (try? decodeIfPresent(KlipyLenientID.self, forKey: key))??.value
    }

    /// A string, or nil when absent, empty, or not a string.
    func klipyText(_ key: Key) -> String? {
        guard let text = (try? decodeIfPresent(String.self, forKey: key)) ?? nil else { return nil }
        return text.isEmpty ? nil : text
    }
}

import Foundation

// GIPHY sends numbers as strings inside renditions, booleans as 0/1 in places, and ids that
// are strings for GIFs but ints for channels. These wrappers accept every form seen in the wild.

/// An integer that may arrive as a JSON number or as a string of digits ("" and "0" included).
struct LenientInt: Decodable, Sendable {
    let value: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
            value = int
        } else if let string = try? container.decode(String.self) {
            value = Int(string.trimmingCharacters(in: .whitespaces))
        } else if let double = try? container.decode(Double.self) {
            // Not `Int(double)`: that traps on a number beyond Int's range, such as 1e300.
            value = Int(exactly: double.rounded(.towardZero))
        } else {
            value = nil
        }
    }
}

/// A boolean that may arrive as true/false, 0/1 or "true"/"1".
struct LenientBool: Decodable, Sendable {
    let value: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            value = bool
        } else if let int = try? container.decode(Int.self) {
            value = int != 0
        } else if let string = try? container.decode(String.self) {
            value = ["true", "1", "yes"].contains(string.lowercased())
        } else {
            value = false
        }
    }
}

/// A string that may arrive as a string or a number (GIF ids are strings, channel ids ints).
struct LenientString: Decodable, Sendable {
    let value: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            value = string
        } else if let int = try? container.decode(Int.self) {
            value = String(int)
        } else {
            value = nil
        }
    }
}

/// Decodes an array element by element and keeps the elements that decode, so one odd item
/// never costs a user the whole page.
struct LossyArray<Element: Decodable & Sendable>: Decodable, Sendable {
    let elements: [Element]
    let droppedCount: Int

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var dropped = 0
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                elements.append(element)
            } else {
                dropped += 1
                _ = try? container.decode(Skipped.self)
            }
        }
        self.elements = elements
        self.droppedCount = dropped
    }

    /// Consumes one element of any shape so the container can advance past it.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {
            _ = try decoder.singleValueContainer()
        }
    }
}

extension KeyedDecodingContainer {
    func lenientInt(_ key: Key) -> Int? {
        (try? decodeIfPresent(LenientInt.self, forKey: key))??.value
    }

    func lenientString(_ key: Key) -> String? {
        (try? decodeIfPresent(LenientString.self, forKey: key))??.value
    }

    func lenientBool(_ key: Key) -> Bool {
        (try? decodeIfPresent(LenientBool.self, forKey: key))??.value ?? false
    }
}

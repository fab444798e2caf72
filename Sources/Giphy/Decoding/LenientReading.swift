import Foundation

// GIPHY sends numbers as strings inside renditions, booleans as 0/1 in places, and ids that
// are strings for GIFs but ints for channels. These readers accept every form seen in the
// wild, and read a value of any other shape (object, array, null) as absent.

extension JSONReader {
    /// A string, or an integer as its digits.
    mutating func lenientString() throws -> String? {
        switch try peekKind() {
        case .string: return try string()
        case .number: return try numberText().flatMap(Self.exactInt).map(String.init)
        default:
            try skipValue()
            return nil
        }
    }

    /// An integer sent as a number or as a string of digits ("" and "0" included); a fraction
    /// is cut towards zero, and a number beyond Int's range is absent (never a trap).
    mutating func lenientInt() throws -> Int? {
        switch try peekKind() {
        case .number:
            guard let text = try numberText() else { return nil }
            if let int = Self.exactInt(text) { return int }
            guard let double = Double(String(decoding: text, as: UTF8.self)) else { return nil }
            return Int(exactly: double.rounded(.towardZero))
        case .string:
            // Most are plain digits (every size and dimension of every rendition), read on the
            // bytes; only the rest become a String and pay for trimming.
            let (raw, escaped) = try rawString()
            if !escaped, let int = Self.exactInt(raw) { return int }
            let string = escaped ? Self.unescape(raw) : String(decoding: raw, as: UTF8.self)
            return Int(string) ?? Int(string.trimmingCharacters(in: .whitespaces))
        default:
            try skipValue()
            return nil
        }
    }

    /// A boolean sent as true/false, 0/1 or "true"/"1"/"yes"; anything else is false.
    mutating func lenientBool() throws -> Bool {
        switch try peekKind() {
        case .bool: return try bool() ?? false
        case .number: return try numberText().flatMap(Self.exactInt).map { $0 != 0 } ?? false
        case .string: return try string().map { ["true", "1", "yes"].contains($0.lowercased()) } ?? false
        default:
            try skipValue()
            return false
        }
    }

    /// The value of an integer literal ("-12"), nil for fractions, exponents and overflow.
    private static func exactInt(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var digits = text[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = shifted.subtractingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowAgain else { return nil }
            value = sum  // accumulated negative, so Int.min fits
        }
        if negative { return value }
        let (positive, overflow) = (0).subtractingReportingOverflow(value)
        return overflow ? nil : positive
    }
}

/// A tree of JSON values that `JSONParser` builds: canonical JSON's values (`CanonicalJSONValue`,
/// for what is signed) or the Matrix adapter's (`JSONValue`, for the answers and events nobody
/// signed). Enum cases of these names satisfy every requirement but the number's.
public protocol JSONTree {
    static var null: Self { get }
    static func bool(_ value: Bool) -> Self
    static func string(_ value: String) -> Self
    static func array(_ elements: [Self]) -> Self
    static func object(_ members: [String: Self]) -> Self
    /// The value of a number the parser read; refusing it refuses the whole text.
    static func parsedNumber(_ number: JSONNumber) throws(MatrixCryptoError) -> Self
}

/// A number as JSON wrote it, its grammar checked. Valid only during `JSONTree.parsedNumber`
/// (its text lies in the parser's input).
public struct JSONNumber {
    /// The number's text: sign, digits, fraction, exponent.
    public let text: UnsafeRawBufferPointer
    public let isNegative: Bool
    /// How many digits come before any fraction or exponent.
    public let integerDigits: Int
    /// The value of the first 17 of those digits (exact when there are no more).
    public let magnitude: Int64
    /// No fraction and no exponent.
    public let isInteger: Bool

    @inlinable
    init(text: UnsafeRawBufferPointer, isNegative: Bool, integerDigits: Int, magnitude: Int64, isInteger: Bool) {
        self.text = text
        self.isNegative = isNegative
        self.integerDigits = integerDigits
        self.magnitude = magnitude
        self.isInteger = isInteger
    }
}

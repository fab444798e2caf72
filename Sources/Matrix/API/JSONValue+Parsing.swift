import Foundation

// The matrix-sync fuzz target compiles this file in one module with MatrixCrypto's parser.
#if canImport(MatrixCrypto)
import MatrixCrypto
#endif

/// Matrix answers (a sync batch, an upload's or a send's answer, an error's body) and decrypted
/// events, read by `JSONParser` in its lenient reading, in one pass over their bytes. Foundation's
/// `JSONDecoder` read them through `Decodable`: a keyed container per object, a thrown error per
/// wrong guess of a value's kind, type checks at run time; 3.5% of an encrypted room's command
/// and 7% of a plain room's (perf, benchmark scenario 9), for answers of a few kB.
///
/// Lenient so that no event can make a whole batch unreadable and silence the bot: values nested
/// deeper than `deepestValueRead` (which nothing the bot reads is) read as null, as does a number
/// beyond a Double's range; a lone surrogate reads as U+FFFD, a repeated key keeps its last value.
extension JSONValue: JSONTree {
    /// Objects and arrays deeper than this are read as null. A sync batch's event content starts
    /// at depth 8; what the bot reads of it lies a few levels below.
    static let deepestValueRead = 64

    /// How answers are read: no limit on size (the HTTP client bounds bodies), the lenient reading.
    static let answerLimits = JSONParser.Limits(maximumBytes: .max, maximumDepth: deepestValueRead, lenient: true)

    /// The JSON document in `bytes` (an answer's `Data`, a plaintext's array); throws
    /// `.jsonMalformed` when it is not JSON.
    public static func parse(_ bytes: some ContiguousBytes) throws(MatrixCryptoError) -> JSONValue {
        try JSONParser.parse(bytes, as: JSONValue.self, limits: answerLimits)
    }

    /// An integer of up to 15 digits (event timestamps, ages, counts: most numbers in Matrix
    /// answers) from the digits the parser read; anything else by the standard library's parser.
    /// Beyond a Double's range (1e400) is no number JSON can be written back with: null.
    @inlinable
    public static func parsedNumber(_ number: JSONNumber) -> JSONValue {
        if number.isInteger && number.integerDigits <= 15 {
            return .number(Double(number.isNegative ? -number.magnitude : number.magnitude))
        }
        guard let value = Double(String(decoding: number.text, as: UTF8.self)), value.isFinite else { return .null }
        return .number(value)
    }
}

/// A number typed in chat (`!unfav 3`, `!favs 2`, `!trending 4`, `!cooldown 5 60`), read so that
/// no text can make the arithmetic after it overflow: only ASCII digits, at most
/// `maximumDigits` of them, so the value stays far from `Int`'s limits whatever is added to or
/// subtracted from it. `-9223372036854775808`, `10^30` spelled out, `-0`, `+3` and other
/// scripts' digits are not chat numbers.
enum ChatNumber {
    /// Nine digits: every count and page a command takes is far below a billion.
    static let maximumDigits = 9

    enum Reading: Equatable {
        /// Plain digits that fit: the value, zero included.
        case number(Int)
        /// Looks like a number (a sign, or more digits than fit) but names no count a command
        /// could take: a reply can say "there is no number …" instead of treating it as a name.
        case outOfRange
        /// Not a number at all: a name or an id.
        case notANumber
    }

    static func read(_ text: some StringProtocol) -> Reading {
        let bytes = Array(text.utf8)
        let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard let first = bytes.first else { return .notANumber }
        let hasSign = first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
        let digits = hasSign ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return .notANumber }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        guard !hasSign, significant.count <= maximumDigits else { return .outOfRange }
        return .number(significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
    }

    /// The value when `text` is plain digits within `range`, else nil.
    static func value(_ text: some StringProtocol, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let value) = read(text), range.contains(value) else { return nil }
        return value
    }
}

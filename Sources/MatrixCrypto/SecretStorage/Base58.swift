/// Base58 with the Bitcoin alphabet, as recovery keys use it, for numbers of a fixed byte width.
///
/// The text is key material typed by a person, so the work does not depend on it: every
/// character is looked up by comparing against the whole alphabet with masks (no table indexed
/// by the secret), and the big-number loops run a fixed number of times for a given width.
enum Base58 {
    static let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)

    /// The `characterCount` base58 digits of the big-endian number `bytes` (leading `1`s where
    /// the number is small). The caller picks a width that holds the number.
    static func encode(_ bytes: [UInt8], characterCount: Int) -> [UInt8] {
        var number = bytes
        var digits = [UInt8](repeating: 0, count: characterCount)
        for position in digits.indices.reversed() {
            // Divide the whole number by 58, keeping the remainder: the next digit.
            var remainder: UInt32 = 0
            for index in number.indices {
                let accumulator = remainder << 8 | UInt32(number[index])
                number[index] = UInt8(truncatingIfNeeded: accumulator / 58)
                remainder = accumulator % 58
            }
            digits[position] = character(for: UInt8(truncatingIfNeeded: remainder))
        }
        number.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) }
        return digits
    }

    /// The number the base58 `characters` spell, as `byteCount` big-endian bytes; nil when a
    /// character is outside the alphabet or the number does not fit in `byteCount` bytes.
    static func decode(_ characters: [UInt8], byteCount: Int) -> [UInt8]? {
        var number = [UInt8](repeating: 0, count: byteCount)
        var invalid: UInt32 = 0
        var overflow: UInt32 = 0
        for character in characters {
            let (value, valid) = digit(of: character)
            invalid |= ~valid & 1
            // number = number * 58 + value
            var carry = UInt32(value)
            for index in number.indices.reversed() {
                carry += UInt32(number[index]) * 58
                number[index] = UInt8(truncatingIfNeeded: carry)
                carry >>= 8
            }
            overflow |= carry
        }
        guard invalid == 0, overflow == 0 else {
            number.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) }
            return nil
        }
        return number
    }

    /// The alphabet character of a digit 0...57, selected by masks over the whole alphabet.
    static func character(for value: UInt8) -> UInt8 {
        var result: UInt8 = 0
        for (index, character) in alphabet.enumerated() {
            result |= character & equalMask(UInt8(index), value)
        }
        return result
    }

    /// The digit of a character and 1 when it is in the alphabet (0 otherwise), by masks.
    static func digit(of character: UInt8) -> (value: UInt8, valid: UInt32) {
        var value: UInt8 = 0
        var found: UInt8 = 0
        for (index, candidate) in alphabet.enumerated() {
            let mask = equalMask(candidate, character)
            value |= UInt8(index) & mask
            found |= mask
        }
        return (value, UInt32(found & 1))
    }

    /// 0xFF when `left == right`, else 0, without a branch.
    @inline(__always)
    static func equalMask(_ left: UInt8, _ right: UInt8) -> UInt8 {
        let difference = UInt32(left ^ right)
        // difference - 1 underflows (sets bit 31) exactly when difference is zero.
        return UInt8(truncatingIfNeeded: 0 &- ((difference &- 1) >> 31))
    }
}

/// Equality of two byte strings in time that depends only on their lengths, for MACs and hashes:
/// an early exit on the first differing byte would tell an attacker how much of a forgery is right.
enum ConstantTimeComparison {
    static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices {
            difference |= left[index] ^ right[index]
        }
        return difference == 0
    }
}

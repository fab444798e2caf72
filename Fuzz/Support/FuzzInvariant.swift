// What every fuzz target shares: the SwiftPM ones import it as the FuzzSupport module, and
// scripts/fuzz compiles this file into each hand-listed one.

/// Stops the run as a crash, so libFuzzer saves the input, when a promise of the code under
/// test does not hold.
public func invariant(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() {
        fatalError("invariant broken: \(message())", file: file, line: line)
    }
}

/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Lowercase hex, to name an offending input in an invariant's message (fixtures only: never keys of a user).
public func hex(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { byte in
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }.joined()
}

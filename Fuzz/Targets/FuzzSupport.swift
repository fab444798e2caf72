// Compiled into every fuzz target (see scripts/fuzz).

/// Stops the run as a crash, so libFuzzer saves the input, when a promise of the code under
/// test does not hold.
func invariant(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() {
        fatalError("invariant broken: \(message())", file: file, line: line)
    }
}

/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

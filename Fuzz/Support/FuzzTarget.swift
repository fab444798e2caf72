/// One parser's fuzz target in the SwiftPM-built fuzzer (`Fuzz/Entry`): `prepare` runs once
/// before the first input (libFuzzer's `LLVMFuzzerInitialize`), `fuzz` for every input.
/// Only the SwiftPM target compiles this file; the hand-listed targets of scripts/fuzz define
/// libFuzzer's entry points themselves.
public protocol FuzzTarget: SendableMetatype {
    static func prepare()
    static func fuzz(_ input: [UInt8])
}

extension FuzzTarget {
    public static func prepare() {}
}

import Foundation
import FuzzSupport
import MatrixCryptoFuzz
import WholeCoreFuzz

// One libFuzzer binary for every SwiftPM-built target, chosen at start by GIFBOT_FUZZ_TARGET
// (scripts/fuzz sets it): one build and one link for CI instead of ten, each of which spent
// about 20 seconds planning before it compiled anything.

/// The targets by the names scripts/fuzz and Fuzz/Corpus use.
private let targets: [String: any FuzzTarget.Type] = [
    "whole-core": WholeCoreFuzz.self,
    "olm-message": OlmMessageFuzz.self,
    "olm-pre-key": OlmPreKeyFuzz.self,
    "megolm-message": MegolmMessageFuzz.self,
    "megolm-session-key": MegolmSessionKeyFuzz.self,
    "megolm-export": MegolmExportedKeyFuzz.self,
    "encrypted-file": EncryptedFileFuzz.self,
    "base64": UnpaddedBase64Fuzz.self,
    "canonical-json": CanonicalJSONFuzz.self,
    "megolm-stored": StoredRecordsFuzz.self,
]

/// Read once; a missing or unknown name ends the process before libFuzzer reads any input.
private let selected: any FuzzTarget.Type = {
    let name = ProcessInfo.processInfo.environment["GIFBOT_FUZZ_TARGET"] ?? ""
    guard let target = targets[name] else {
        let names = targets.keys.sorted().joined(separator: ", ")
        FileHandle.standardError.write(Data("GIFBOT_FUZZ_TARGET must name one of: \(names)\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    selected.prepare()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected.fuzz(fuzzBytes(data, size))
    return 0
}

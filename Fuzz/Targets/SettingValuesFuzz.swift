import Foundation
import GifSources

// A configuration value as an operator might write it (environment, option or file), read as
// each kind of setting. Reading must never trap, and what is accepted must be what the setting
// promises: numbers in range, durations positive where 0 is not allowed, codes lowercased, ...

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettingValues(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let raw = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    for entry in SettingValues.list(raw) {
        invariant(!entry.isEmpty && !entry.contains(",") && isTrimmed(entry), "list entry \(entry.debugDescription)")
    }
    guard let text = SettingValues.trimmed(raw) else { return 0 }
    invariant(isTrimmed(text), "untrimmed \(text.debugDescription)")

    for range in [1...100, 0...100, 1...10_000, 0...65_535] {
        if let value = SettingValues.integer(text, in: range) {
            invariant(range.contains(value), "\(value) outside \(range)")
        }
    }
    for allowZero in [false, true] {
        if let duration = SettingValues.seconds(text, allowZero: allowZero) {
            invariant(duration >= .zero && duration <= .seconds(86_400), "\(duration) from \(text.debugDescription)")
            invariant(allowZero || duration > .zero, "\(duration) from \(text.debugDescription), which must be above 0")
        }
    }
    if let rating = SettingValues.rating(text) {
        invariant(ContentRating(parameter: rating.parameter) == rating, "rating \(rating)")
    }
    if let language = SettingValues.language(text) {
        invariant(
            language.utf8.count == 2
                && language.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) },
            "language \(language.debugDescription)")
    }
    if let url = SettingValues.httpURL(text) {
        let parsed = URL(string: url)
        invariant(
            ["http", "https"].contains(parsed?.scheme?.lowercased()) && parsed?.host != nil,
            "url \(url.debugDescription)")
    }
    if let prefix = SettingValues.prefix(text) {
        invariant(
            (1...5).contains(prefix.count) && !prefix.contains { $0.isWhitespace || $0.isLetter || $0.isNumber },
            "prefix \(prefix.debugDescription)")
    }
    _ = SettingValues.bool(text)
    return 0
}

private func isTrimmed(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
    return !CharacterSet.whitespaces.contains(first) && !CharacterSet.whitespaces.contains(last)
}

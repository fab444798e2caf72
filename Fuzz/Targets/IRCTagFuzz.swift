// IRCv3 tag escaping: unescape(escape(x)) == x for any text, escaped values hold nothing that
// ends a tag or a line, and parsed tags render and parse back to themselves.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIRCTags(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)

    let escaped = IRCTagCoding.escape(text)
    invariant(
        !escaped.unicodeScalars.contains { $0 == ";" || $0 == " " || $0 == "\r" || $0 == "\n" },
        "escaped \(text.debugDescription) as \(escaped.debugDescription)")
    let roundTrip = IRCTagCoding.unescape(Substring(escaped))
    invariant(
        roundTrip == text, "\(text.debugDescription) → \(escaped.debugDescription) → \(roundTrip.debugDescription)")

    let unescaped = IRCTagCoding.unescape(Substring(text))
    invariant(
        IRCTagCoding.unescape(Substring(IRCTagCoding.escape(unescaped))) == unescaped,
        "unstable \(unescaped.debugDescription)")

    let tags = IRCTagCoding.parseTags(text)
    for key in tags.keys {
        invariant(
            !key.isEmpty && !key.unicodeScalars.contains { $0 == ";" || $0 == "=" }, "tag key \(key.debugDescription)")
    }
    let rendered = tags.keys.sorted().map { key in "\(key)=\(IRCTagCoding.escape(tags[key] ?? ""))" }.joined(
        separator: ";")
    let reparsed = IRCTagCoding.parseTags(rendered)
    invariant(reparsed == tags, "\(tags) → \(rendered.debugDescription) → \(reparsed)")
    return 0
}

extension String {
    /// Without surrounding whitespace, as `trimmingCharacters(in: .whitespaces)` (spaces, tabs
    /// and the other Unicode space separators), in the standard library alone: Foundation's
    /// trimming is a CFString round trip (GIF ratings are read and checked for every GIF, issue
    /// 9), and every use of CoreFoundation links ICU's 34 MB of data (issue 34). Text whose first
    /// and last bytes are plain ASCII other than space and tab comes back as it is.
    public var trimmingSpaces: String {
        func isPlain(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")
        }
        if isPlain(utf8.first) && isPlain(utf8.last) { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isSpace($0) }) else { return "" }
        let last = scalars.lastIndex { !Self.isSpace($0) } ?? first
        return String(scalars[first...last])
    }

    /// What `CharacterSet.whitespaces` holds: the space separators (Zs), the tab, and (as
    /// CoreFoundation's set has kept it since Unicode called it a space) U+200B ZERO WIDTH SPACE.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }
}

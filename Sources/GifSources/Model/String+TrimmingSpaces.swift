import Foundation

extension String {
    /// Without surrounding whitespace, as `trimmingCharacters(in: .whitespaces)` (spaces, tabs
    /// and the other Unicode space separators). Text whose first and last bytes are plain ASCII
    /// other than space and tab, as nearly every value a source sends is, comes back as it is:
    /// Foundation's trimming is a CFString round trip, and GIF ratings are read and checked for
    /// every GIF (issue 9).
    public var trimmingSpaces: String {
        func isPlain(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")
        }
        return isPlain(utf8.first) && isPlain(utf8.last) ? self : trimmingCharacters(in: .whitespaces)
    }
}

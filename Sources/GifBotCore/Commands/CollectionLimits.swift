import Foundation

/// How big a channel's collection and its tags may be: what chat and `gifbot import` accept.
public enum CollectionLimits {
    /// Tags on one entry.
    public static let maximumTags = 10
    /// Unicode scalars in one tag, not characters: a character can carry any number of
    /// combining marks, so "32 characters" could be kilobytes.
    public static let maximumTagLength = 32
    /// UTF-8 bytes in one tag (32 scalars of the three-byte scripts, CJK and Hangul).
    public static let maximumTagBytes = 96
    /// Entries in one channel's collection, unless configured otherwise (`bot.collection_limit`).
    public static let defaultEntries = 500

    /// A tag as stored: lowercased, in Unicode NFC, without a leading `#`; nil unless it is one
    /// word of letters (with their marks), digits, `-` and `_`, within `maximumTagLength` scalars
    /// and `maximumTagBytes` bytes. Invisible scalars (format characters such as ZWJ, ZWNJ and
    /// bidi controls, tag characters, variation selectors, fillers) are refused, not dropped:
    /// `#c‍at` would otherwise be a second tag that looks like `#cat`.
    public static func tag(_ word: some StringProtocol) -> String? {
        let bare = word.hasPrefix("#") ? word.dropFirst() : word[...]
        // Cut early: the checks below never look at more than a tag's worth of a long word.
        guard !bare.isEmpty, bare.utf8.count <= 4 * maximumTagBytes else { return nil }
        let lowered = bare.lowercased()
        let tag = lowered.precomposedStringWithCanonicalMapping
        // Foundation's NFC takes a scalar beyond the BMP by its low 16 bits when a combining mark
        // follows: TAG LATIN CAPITAL LETTER A (U+E0041) and U+0301 came out as "Á", and so did an
        // unassigned U+60041 (both found by fuzzing), an invisible scalar passing as a visible,
        // even uppercase, letter. So what it gives must still be canonically equivalent to what
        // it was given (Swift's own `==` compares by Unicode's rules).
        guard tag == lowered, tag.unicodeScalars.count <= maximumTagLength, tag.utf8.count <= maximumTagBytes,
            tag.allSatisfy(startsAsTagCharacter), tag.unicodeScalars.allSatisfy(isTagScalar)
        else { return nil }
        return tag
    }

    /// Whether a stored tag is one `tag(_:)` gives, scalar for scalar: `String`'s `==` holds
    /// canonically equivalent forms equal, which SQL does not.
    public static func isValidTag(_ tag: String) -> Bool {
        !tag.hasPrefix("#") && Self.tag(tag).map { $0.unicodeScalars.elementsEqual(tag.unicodeScalars) } == true
    }

    /// A word refused as a tag, safe and short enough to quote back: its visible scalars, cut.
    static func quoted(_ word: String) -> String {
        let visible = word.unicodeScalars.filter { !isInvisible($0) && $0.properties.generalCategory != .control }
        let shown = String(String.UnicodeScalarView(visible.prefix(maximumTagLength + 2)))
        return visible.count > maximumTagLength + 2 ? shown + "…" : shown
    }

    /// A character of a tag is a letter or digit (with its marks), `-` or `_`.
    private static func startsAsTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_"
    }

    private static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        guard !isInvisible(scalar) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return scalar == "-" || scalar == "_"
        }
    }

    /// Scalars that show nothing: format characters (ZWJ, ZWNJ, bidi controls, the tag block
    /// U+E0000…) and the other default-ignorable ones (variation selectors, Hangul fillers).
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format || scalar.properties.isDefaultIgnorableCodePoint
            || (0xE0000...0xE007F).contains(scalar.value)
    }
}

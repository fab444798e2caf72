/// Cleans text that comes from outside (chat lines, GIPHY titles and terms) so it can neither
/// confuse the command parser nor inject protocol lines when echoed.
public enum TextSanitizer {
    /// Removes mIRC formatting (bold, colours with their digits, hex colours, italics, reset, …)
    /// and every other control character; tabs and line breaks become spaces.
    public static func stripFormattingAndControls(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x03:  // colour: ^C[fg[,bg]] with one or two digits each
                dropDigits(&scalars, max: 2)
                if scalars.first == ",", scalars.dropFirst().first.map(isDigit) == true {
                    scalars.removeFirst()
                    dropDigits(&scalars, max: 2)
                }
            case 0x04:  // hex colour: ^D[RRGGBB[,RRGGBB]]
                dropHex(&scalars)
                if scalars.first == ",", scalars.dropFirst().first.map(isHex) == true {
                    scalars.removeFirst()
                    dropHex(&scalars)
                }
            case 0x09, 0x0A, 0x0D:
                output.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            case 0x202A...0x202E, 0x2066...0x2069:
                // Bidirectional overrides can make a title display as something it is not.
                continue
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Strips as above, then collapses runs of whitespace and trims the ends.
    public static func clean(_ text: String) -> String {
        isAlreadyClean(text) ? text : collapseWhitespace(stripFormattingAndControls(text))
    }

    /// Printable ASCII with single inner spaces: what most GIPHY titles, ids and every URL
    /// are, and what `clean` would return unchanged. Checked in one pass over the bytes, so
    /// a reply does not rebuild each of its strings scalar by scalar.
    static func isAlreadyClean(_ text: String) -> Bool {
        var previous: UInt8 = UInt8(ascii: " ")
        for byte in text.utf8 {
            guard (0x20...0x7E).contains(byte), byte != UInt8(ascii: " ") || previous != UInt8(ascii: " ") else {
                return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: " ") || text.isEmpty
    }

    /// Runs of whitespace become one space, the ends trimmed. Done scalar by scalar, since a
    /// space can hide inside a grapheme cluster: after a prepended mark (U+0600 ARABIC NUMBER
    /// SIGN takes the next character into its cluster) or before a combining one. Such marks
    /// beside a space mark nothing and are dropped, so every space left is a character of its own
    /// and splitting on " " agrees with what a reader sees (a fuzzer found "x\u{600}  y" kept
    /// its two spaces).
    public static func collapseWhitespace(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var spacePending = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                spacePending = !output.isEmpty
                continue
            }
            if spacePending {
                if joinsCluster(" ", scalar) { continue }
                while let last = output.last, joinsCluster(last, " ") { output.removeLast() }
                if !output.isEmpty { output.append(" ") }
                spacePending = false
            }
            output.append(scalar)
        }
        return String(output)
    }

    /// Whether `first` and `second` make one grapheme cluster (never for two ASCII scalars).
    private static func joinsCluster(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        if first.isASCII && second.isASCII { return false }
        var pair = String.UnicodeScalarView()
        pair.append(first)
        pair.append(second)
        return String(pair).count == 1
    }

    /// The most Unicode scalars a truncated text keeps per character it may keep, on average.
    static let scalarsPerCharacter = 4

    /// Shortens to at most `maximum` characters (grapheme clusters), ending with "…" when cut.
    /// One character may hold any number of scalars (a letter under dozens of combining marks:
    /// a fuzzer made a 40-character term of 3,240 bytes), so the text is also cut to at most
    /// `maximum × scalarsPerCharacter` scalars, whole characters only: a text's length in bytes
    /// stays bounded by the characters it may show.
    public static func truncate(_ text: String, to maximum: Int) -> String {
        // No more bytes than the limit: no more scalars or characters either.
        guard text.utf8.count > maximum, maximum > 1 else { return text }
        let scalarLimit = maximum * scalarsPerCharacter
        // One pass: `kept` ends the whole characters a cut keeps (room left for "…"), and the
        // pass stops as soon as the text is known to be over either limit.
        var kept = text.startIndex
        var characters = 0
        var scalars = 0
        var isOver = false
        for index in text.indices {
            characters += 1
            scalars += text[index].unicodeScalars.count
            if characters < maximum, scalars < scalarLimit { kept = text.index(after: index) }
            if characters > maximum || scalars > scalarLimit {
                isOver = true
                break
            }
        }
        guard isOver else { return text }
        var cut = String(text[..<kept])
        if let lastSpace = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: lastSpace) > maximum / 2 {
            cut = String(cut[..<lastSpace])
        }
        while cut.last?.isWhitespace == true { cut.removeLast() }
        return cut + "…"
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isHex(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    private static func dropDigits(_ scalars: inout ArraySlice<Unicode.Scalar>, max: Int) {
        var taken = 0
        while taken < max, let next = scalars.first, isDigit(next) {
            scalars.removeFirst()
            taken += 1
        }
    }

    private static func dropHex(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        guard scalars.prefix(6).count == 6, scalars.prefix(6).allSatisfy(isHex) else { return }
        scalars.removeFirst(6)
    }
}

/// Cuts outgoing text into pieces that each fit into one IRC line, between words where it can
/// and never inside a link that fits a line.
public enum IRCMessageSplitter {
    /// Every piece has at most `maximumBytes` UTF-8 bytes, except a lone Unicode scalar that is
    /// itself longer than the budget (only possible below 4 bytes): it is sent whole rather than
    /// cut into invalid UTF-8 or dropped.
    public static func split(_ text: String, maximumBytes: Int) -> [String] {
        let budget = max(1, maximumBytes)
        var pieces: [String] = []
        var remaining = Substring(text)
        while !remaining.isEmpty {
            if remaining.utf8.count <= budget {
                pieces.append(String(remaining))
                break
            }
            let (piece, rest) = nextPiece(of: remaining, budget: budget)
            if !piece.isEmpty {
                pieces.append(String(piece))
            }
            remaining = rest
        }
        return pieces
    }

    private static func nextPiece(of text: Substring, budget: Int) -> (piece: Substring, rest: Substring) {
        var fittingBytes = 0
        var end = text.startIndex
        var lastSpace: (index: String.Index, bytesBefore: Int)?
        while end < text.endIndex {
            let character = text[end]
            let size = character.utf8.count
            guard fittingBytes + size <= budget else { break }
            if character == " " {
                lastSpace = (end, fittingBytes)
            }
            fittingBytes += size
            end = text.index(after: end)
        }

        guard end > text.startIndex else {
            return splitOversizedCharacter(text, budget: budget)
        }
        // The character that did not fit is itself a space: a clean break with a full piece.
        if text[end] == " " {
            return (text[..<end], text[text.index(after: end)...])
        }
        // A link cut in two is two broken links: one that fits a line starts the next piece,
        // however early its space is. Only a link longer than a whole line is cut.
        if let lastSpace, linkStarting(after: lastSpace.index, in: text, fitsIn: budget) {
            return (text[..<lastSpace.index], text[text.index(after: lastSpace.index)...])
        }
        // A space early in the piece would waste most of the line, so only a late one is used.
        if let lastSpace, lastSpace.bytesBefore * 2 >= fittingBytes {
            return (text[..<lastSpace.index], text[text.index(after: lastSpace.index)...])
        }
        return (text[..<end], text[end...])
    }

    /// Whether the word after `space` is a link (`https://…`, anything with `://`) of at most
    /// `budget` bytes.
    private static func linkStarting(after space: String.Index, in text: Substring, fitsIn budget: Int) -> Bool {
        let rest = text[text.index(after: space)...]
        let word = rest[..<(rest.firstIndex(of: " ") ?? rest.endIndex)]
        return word.utf8.count <= budget && word.contains("://")
    }

    /// A single grapheme larger than the budget (long emoji or combining sequences) is cut
    /// between its Unicode scalars, which keeps every piece valid UTF-8.
    private static func splitOversizedCharacter(_ text: Substring, budget: Int) -> (piece: Substring, rest: Substring) {
        let scalars = text.unicodeScalars
        var end = scalars.startIndex
        var bytes = 0
        while end < scalars.endIndex {
            let size = scalars[end].utf8.count
            guard bytes + size <= budget || end == scalars.startIndex else { break }
            bytes += size
            end = scalars.index(after: end)
        }
        return (Substring(scalars[..<end]), Substring(scalars[end...]))
    }
}

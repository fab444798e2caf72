import Foundation
import GifSources
import Testing

/// `trimmingSpaces`, written with the standard library alone, trims what Foundation's
/// `trimmingCharacters(in: .whitespaces)` trims, and nothing else.
@Suite struct TrimmingSpacesTests {
    @Test(arguments: [
        "", " ", "\t", "g", " g ", "\tpg-13\t", "  r", "pg  ", "\u{A0}g\u{A0}", "\u{3000}全角\u{3000}",
        "\u{2003}em\u{2009}thin\u{202F}", "\n g \n", " \r\n", "x \u{301}", "\u{301} x", "a b", "\u{1680}ogham",
        "\u{200B}zero width\u{200B}", " 🏳️‍🌈 ", "\u{85}next line\u{85}", "é ", " e\u{301}",
    ])
    func trimsWhatFoundationTrims(_ text: String) {
        let foundation = text.trimmingCharacters(in: .whitespaces)
        #expect(text.trimmingSpaces.unicodeScalars.elementsEqual(foundation.unicodeScalars), "\(text.debugDescription)")
    }

    @Test func everyScalarIsASpaceExactlyWhenFoundationSaysSo() {
        let differing = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { scalar in
            String(Character(scalar)).trimmingSpaces.isEmpty != CharacterSet.whitespaces.contains(scalar)
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0.value, radix: 16) })")
    }
}

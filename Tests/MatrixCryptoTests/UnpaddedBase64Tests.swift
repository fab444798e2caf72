import Foundation
import MatrixCrypto
import Testing

@Suite struct UnpaddedBase64Tests {
    /// RFC 4648's test vectors, padding removed.
    static let vectors: [(String, String)] = [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ]

    @Test func encodesAndDecodesTheRFCVectorsWithoutPadding() throws {
        for (plain, encoded) in Self.vectors {
            #expect(UnpaddedBase64.encode(Array(plain.utf8)) == encoded)
            #expect(try UnpaddedBase64.decode(encoded) == Array(plain.utf8))
            #expect(UnpaddedBase64.encodeURLSafe(Array(plain.utf8)) == encoded)
            #expect(try UnpaddedBase64.decodeURLSafe(encoded) == Array(plain.utf8))
        }
    }

    @Test func everyByteValueRoundTripsInBothAlphabets() throws {
        let all = (0...255).map { UInt8($0) }
        for length in 0...all.count {
            let bytes = Array(all.prefix(length).reversed())
            #expect(try UnpaddedBase64.decode(UnpaddedBase64.encode(bytes)) == bytes)
            #expect(try UnpaddedBase64.decodeURLSafe(UnpaddedBase64.encodeURLSafe(bytes)) == bytes)
        }
    }

    /// Foundation's padded base64 with its padding removed, for every length up to 300 and for
    /// bytes that lie in one piece (an array, `Data`, a slice) or not (a lazy view, gathered
    /// before encoding): each way into the encoder gives the same text.
    @Test func matchesFoundationsBase64ForEveryLengthAndKindOfInput() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
            #expect(UnpaddedBase64.encode(bytes) == expected)
            #expect(UnpaddedBase64.encode(Data(bytes)) == expected)
            #expect(UnpaddedBase64.encode(([0x00] + bytes)[1...]) == expected)
            #expect(UnpaddedBase64.encode(bytes.lazy.map { $0 }) == expected)
            let urlSafe = expected.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            #expect(UnpaddedBase64.encodeURLSafe(bytes) == urlSafe)
            #expect(UnpaddedBase64.encodeURLSafe(bytes.lazy.map { $0 }) == urlSafe)
        }
    }

    @Test func theAlphabetsDifferOnlyInTheLastTwoCharacters() throws {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF]
        #expect(UnpaddedBase64.encode(bytes) == "+/+/")
        #expect(UnpaddedBase64.encodeURLSafe(bytes) == "-_-_")
        #expect(throws: MatrixCryptoError.invalidBase64) { try UnpaddedBase64.decode("-_-_") }
        #expect(throws: MatrixCryptoError.invalidBase64) { try UnpaddedBase64.decodeURLSafe("+/+/") }
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        #expect(UnpaddedBase64.encode(try UnpaddedBase64.decode(alphabet)) == alphabet)
    }

    @Test(arguments: ["Zg==", "Zm8=", "Zg=", "=", "Zm9v\n", " Zm9v", "Zm9v!", "Zm9\u{e9}", "Z", "Zm9vY"])
    func refusesPaddingStrayCharactersAndImpossibleLengths(text: String) {
        #expect(throws: MatrixCryptoError.invalidBase64) { try UnpaddedBase64.decode(text) }
        #expect(throws: MatrixCryptoError.invalidBase64) { try UnpaddedBase64.decodeURLSafe(text) }
    }

    /// "Zh" and "Zm9" carry the same bytes as "Zg" and "Zm8" plus non-zero bits after the last
    /// byte: a second spelling of the same value, refused.
    @Test(arguments: ["Zh", "Zm9", "Zv", "Zm+"])
    func refusesNonZeroTrailingBits(text: String) {
        #expect(throws: MatrixCryptoError.invalidBase64) { try UnpaddedBase64.decode(text) }
    }
}

@Suite struct UnpaddedBase64PropertyTests {
    /// Every string of up to three characters from the alphabet plus a few strangers: whatever
    /// decodes re-encodes to exactly the same text (one spelling per byte string).
    @Test func whateverDecodesReEncodesToTheSameText() {
        let characters = Array("AZaz09+/-_=.Qgh ".utf8)
        var texts: [[UInt8]] = [[]]
        for _ in 0..<3 {
            texts += texts.filter { $0.count == texts.last!.count }.flatMap { text in characters.map { text + [$0] } }
        }
        var decoded = 0
        for bytes in texts {
            let text = String(decoding: bytes, as: UTF8.self)
            if let value = try? UnpaddedBase64.decode(text) {
                #expect(UnpaddedBase64.encode(value) == text)
                decoded += 1
            }
            if let value = try? UnpaddedBase64.decodeURLSafe(text) {
                #expect(UnpaddedBase64.encodeURLSafe(value) == text)
            }
        }
        #expect(decoded > 100)
    }
}

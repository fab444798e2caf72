import Foundation
import IRC
import Testing

@Suite struct SASLPlainTests {
    @Test func encodesAccountAndPasswordWithEmptyAuthorizationID() {
        #expect(
            SASLPlain.authenticateLines(account: "gifbot", password: "botpassword") == ["AGdpZmJvdABib3RwYXNzd29yZA=="])
    }

    @Test func encodesTheAuthorizationID() {
        let lines = SASLPlain.authenticateLines(account: "gifbot", password: "botpassword", authorizationID: "gifbot")
        #expect(lines == ["Z2lmYm90AGdpZmJvdABib3RwYXNzd29yZA=="])
    }

    @Test func splitsLongPayloadsIntoChunksOf400() throws {
        let password = String(repeating: "p", count: 500)
        let lines = SASLPlain.authenticateLines(account: "gifbot", password: password)
        #expect(lines.map(\.utf8.count) == [400, 280])
        let decoded = try #require(Data(base64Encoded: lines.joined()))
        #expect(decoded == Data(("\0gifbot\0" + password).utf8))
    }

    @Test func endsWithPlusWhenTheLastChunkIsFull() {
        // 300 bytes of credentials encode to exactly 400 base64 characters.
        let password = String(repeating: "x", count: 300 - 2 - 6)
        let lines = SASLPlain.authenticateLines(account: "gifbot", password: password)
        #expect(lines.count == 2)
        #expect(lines[0].utf8.count == 400)
        #expect(lines[1] == "+")
    }

    @Test func endsWithPlusAfterTwoFullChunks() {
        let password = String(repeating: "x", count: 600 - 2 - 6)
        let lines = SASLPlain.authenticateLines(account: "gifbot", password: password)
        #expect(lines.map(\.utf8.count) == [400, 400, 1])
        #expect(lines.last == "+")
    }

    @Test func handlesUnicodeCredentials() throws {
        let lines = SASLPlain.authenticateLines(account: "jürgen", password: "pässwörd😀")
        let decoded = try #require(Data(base64Encoded: lines.joined()))
        #expect(String(decoding: decoded, as: UTF8.self) == "\0jürgen\0pässwörd😀")
    }
}

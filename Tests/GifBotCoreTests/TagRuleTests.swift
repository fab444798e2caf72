import CoreTestSupport
import GifBotCore
import Testing

/// One rule for tags, in chat and in `gifbot import` (issue 31): NFC, nothing invisible, a
/// bound in scalars and bytes, so no tag looks like another or hides kilobytes.
@Suite struct TagRuleTests {
    @Test(arguments: [
        "c\u{200D}at",  // zero width joiner
        "c\u{200C}at",  // zero width non-joiner
        "cat\u{E0063}\u{E0061}\u{E0074}",  // tag characters
        "\u{E0001}cat",  // language tag
        "caT\u{E0041}\u{301}",  // a tag character before a combining mark: Foundation's NFC made it "catÁ" (fuzzing)
        "cat\u{FE0F}",  // variation selector
        "\u{202E}tac",  // right-to-left override
        "\u{2066}cat\u{2069}",  // isolates
        "ca\u{00AD}t",  // soft hyphen
        "c\u{034F}at",  // combining grapheme joiner
        "\u{3164}cat",  // Hangul filler
        "c\u{2060}at",  // word joiner
    ])
    func invisibleScalarsAreRefused(_ word: String) {
        #expect(CollectionLimits.tag(word) == nil)
        #expect(CollectionLimits.tag("#" + word) == nil)
        #expect(!CollectionLimits.isValidTag(word))
    }

    @Test("A scalar beyond the BMP that Foundation's NFC turns into another letter is refused (fuzzing)")
    func scalarsComposedByTheirLow16BitsAreRefused() {
        #expect(CollectionLimits.tag("cat\u{60041}\u{301}") == nil)
        #expect(CollectionLimits.tag("cat\u{60041}\u{301}\u{301}\u{301}") == nil)
        #expect(!CollectionLimits.isValidTag("cat\u{C1}"), "what that NFC made of it is no tag either")
        // Letters beyond the BMP are tags as they are (Deseret, lowercased).
        #expect(CollectionLimits.tag("\u{10400}x") == "\u{10428}x")
    }

    @Test func tagsAreNormalisedSoOneLooksLikeOneTag() {
        #expect(
            CollectionLimits.tag("#Cafe\u{0301}")?.unicodeScalars.elementsEqual("caf\u{00E9}".unicodeScalars) == true,
            "decomposed é becomes the composed one")
        #expect(CollectionLimits.tag("caf\u{00E9}") == "caf\u{00E9}")
        #expect(!CollectionLimits.isValidTag("cafe\u{0301}"), "a stored tag not in NFC is not one chat makes")
        #expect(CollectionLimits.tag("日本語") == "日本語")
        #expect(CollectionLimits.tag("naïve-2_x") == "naïve-2_x")
        #expect(CollectionLimits.tag("हिन्दी") == "हिन्दी", "scripts whose letters carry marks")
    }

    @Test func lengthIsBoundedInScalarsAndBytes() {
        #expect(CollectionLimits.tag(String(repeating: "x", count: 32)) != nil)
        #expect(CollectionLimits.tag(String(repeating: "x", count: 33)) == nil)
        let stacked = "a" + String(repeating: "\u{0301}", count: 2_000)
        #expect(stacked.count == 1, "one character")
        #expect(CollectionLimits.tag(stacked) == nil, "4,000 bytes in one character")
        #expect(CollectionLimits.tag("a" + String(repeating: "\u{0301}", count: 40)) == nil, "40 scalars")
        #expect(CollectionLimits.tag(String(repeating: "日", count: 32)) != nil, "96 bytes")
        #expect(CollectionLimits.tag(String(repeating: "𝒳", count: 25)) == nil, "100 bytes")
        #expect(CollectionLimits.tag(String(repeating: "𝒳", count: 24)) != nil)
    }

    @Test func chatRefusesLookAlikesAndQuotesThemSafely() async {
        let chat = InProcessChat()
        #expect(await chat.say("!save gif1 #cat").first?.hasPrefix("Saved") == true)
        let reply = await chat.say("!tag gif1 #c\u{200D}at").first ?? ""
        #expect(reply.hasPrefix("\"#cat\" is not a tag"), "refused, quoted without the invisible joiner")
        let huge = await chat.say("!save gif2 a" + String(repeating: "\u{0301}", count: 2_000)).first ?? ""
        #expect(huge.contains("is not a tag") && huge.utf8.count < 300, "the reply does not echo 4 KB")
        #expect(await chat.say("!gif #cat\u{E0063}").first?.contains("is not a tag") == true)
        let stored = await chat.stored().collections[
            CollectionChannel(network: InProcessChat.network, channel: "#gifs")]
        #expect(stored?.map(\.tags) == [["cat"]])
    }
}

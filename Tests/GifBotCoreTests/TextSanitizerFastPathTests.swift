import Testing

@testable import GifBotCore

/// `clean`'s shortcut for text that is already clean gives what the full cleaning gives.
@Suite struct TextSanitizerFastPathTests {
    @Test(arguments: [
        "", " ", "a", "Funny Cat GIF", "https://media0.giphy.com/media/abc/giphy.gif?cid=1&ct=g", "two  spaces",
        " leading",
        "trailing ", "tab\there", "line\nbreak", "\u{03}4,2colour", "café", "abc\u{202E}fig.exe", "x\u{7F}y",
        "~!@#$%^&*()_+",
    ])
    func shortcutAgreesWithTheFullCleaning(_ text: String) {
        let full = TextSanitizer.collapseWhitespace(TextSanitizer.stripFormattingAndControls(text))
        #expect(TextSanitizer.clean(text) == full)
        if TextSanitizer.isAlreadyClean(text) { #expect(full == text) }
    }
}

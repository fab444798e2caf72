import IRC
import Testing

@Suite struct IRCCaseMappingTests {
    @Test(arguments: [
        (IRCCaseMapping.ascii, "GifBot[away]\\~", "gifbot[away]\\~"),
        (.rfc1459, "GifBot[away]\\~", "gifbot{away}|^"),
        (.strictRFC1459, "GifBot[away]\\~", "gifbot{away}|~"),
        (.rfc1459, "ÄÖÜ", "ÄÖÜ"),
        (.ascii, "", ""),
        (.rfc1459, "#Chan^{}|", "#chan^{}|"),
    ])
    func folds(mapping: IRCCaseMapping, input: String, folded: String) {
        #expect(mapping.fold(input) == folded)
    }

    @Test(arguments: [
        ("ascii", IRCCaseMapping.ascii),
        ("rfc1459", .rfc1459),
        ("strict-rfc1459", .strictRFC1459),
        ("RFC1459", .rfc1459),
        ("rfc7613", .rfc1459),
        ("", .rfc1459),
    ])
    func readsTheISupportValue(value: String, mapping: IRCCaseMapping) {
        #expect(IRCCaseMapping(isupportValue: value) == mapping)
    }

    @Test func rawValuesMatchTheISupportNames() {
        #expect(IRCCaseMapping.strictRFC1459.rawValue == "strict-rfc1459")
        #expect(IRCCaseMapping.ascii.rawValue == "ascii")
    }
}

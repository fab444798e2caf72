import MatrixCrypto
import Testing

@Suite struct CanonicalJSONTests {
    /// The examples of the specification's "Canonical JSON" section: input, canonical form.
    static let specificationExamples: [(String, String)] = [
        ("{}", "{}"),
        (
            #"{ "one": 1, "two": "Two" }"#,
            #"{"one":1,"two":"Two"}"#
        ),
        (
            #"{ "b": "2", "a": "1" }"#,
            #"{"a":"1","b":"2"}"#
        ),
        (
            #"{"auth":{"success":true,"mxid":"@john.doe:example.com","profile":{"display_name":"John Doe","three_pids":[{"medium":"email","address":"john.doe@example.org"},{"medium":"msisdn","address":"123456789"}]}}}"#,
            #"{"auth":{"mxid":"@john.doe:example.com","profile":{"display_name":"John Doe","three_pids":[{"address":"john.doe@example.org","medium":"email"},{"address":"123456789","medium":"msisdn"}]},"success":true}}"#
        ),
        (#"{"a": "日本語"}"#, #"{"a":"日本語"}"#),
        (#"{"本": 2, "日": 1}"#, #"{"日":1,"本":2}"#),
        (#"{"a": "\u65E5"}"#, #"{"a":"日"}"#),
        (#"{"a": null}"#, #"{"a":null}"#),
        (#"{"a": -0}"#, #"{"a":0}"#),
        (#"{"a": 9007199254740991, "b": -9007199254740991}"#, #"{"a":9007199254740991,"b":-9007199254740991}"#),
        (#"{"a": "\/\b\f\n\r\t\u0001\u001F\u007f\"\\"}"#, #"{"a":"/\b\f\n\r\t\u0001\u001f"# + "\u{7F}" + #"\"\\"}"#),
        (#"{"a": "\ud83d\ude00"}"#, #"{"a":"😀"}"#),
    ]

    @Test(arguments: specificationExamples)
    func parsesAndEncodesCanonically(input: String, canonical: String) throws {
        let value = try CanonicalJSON.parse(input)
        #expect(try CanonicalJSON.encodeString(value) == canonical)
        #expect(try CanonicalJSON.parse(canonical) == value)
    }

    /// Keys sort by code point, which is not Swift's String order for every pair: U+FF61 sorts
    /// after U+1F600 in UTF-16 but before it by code point, and a decomposed "e" + U+0301 sorts
    /// before "f" by code point whatever normalisation would say.
    @Test func sortsKeysByCodePoint() throws {
        let value: CanonicalJSONValue = ["\u{1F600}": 1, "\u{FF61}": 2, "f": 3, "e\u{301}": 4, "E": 5, "": 6]
        #expect(
            try CanonicalJSON.encodeString(value)
                == "{\"\":6,\"E\":5,\"e\u{301}\":4,\"f\":3,\"\u{FF61}\":2,\"\u{1F600}\":1}")
    }

    @Test func keepsTheCodePointsOfAKeyAsWritten() throws {
        let decomposed = try CanonicalJSON.parse(Array("{\"e\u{301}\":1}".utf8))
        #expect(try CanonicalJSON.encode(decomposed) == Array("{\"e\u{301}\":1}".utf8))
    }

    @Test(arguments: ["1.5", "1e3", "1E3", "-2.0", "[0.1]", #"{"a":1e-2}"#])
    func refusesNonIntegers(text: String) {
        #expect(throws: MatrixCryptoError.jsonNotAnInteger) { try CanonicalJSON.parse(text) }
    }

    @Test(arguments: ["9007199254740992", "-9007199254740992", "123456789012345678901234567890"])
    func refusesIntegersOutsideTheRange(text: String) {
        #expect(throws: MatrixCryptoError.jsonIntegerOutOfRange) { try CanonicalJSON.parse(text) }
    }

    @Test func refusesToEncodeAnIntegerOutsideTheRange() {
        #expect(throws: MatrixCryptoError.jsonIntegerOutOfRange) {
            try CanonicalJSON.encode(["a": .integer(CanonicalJSON.maximumInteger + 1)])
        }
        #expect(throws: MatrixCryptoError.jsonIntegerOutOfRange) { try CanonicalJSON.encode(.integer(Int64.min)) }
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "-", "--1", "tru", "nul", "{\"a\" 1}", "{a:1}", "[1] x", "\"\\x\"",
        "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"\u{01}\"", "'a'", "\u{FEFF}{}", "[1 2]", "\"\\u12G4\"",
    ])
    func refusesMalformedDocuments(text: String) {
        #expect {
            try CanonicalJSON.parse(text)
        } throws: { error in
            guard case .jsonMalformed = error as? MatrixCryptoError else { return false }
            return true
        }
    }

    @Test func refusesInvalidUTF8InAString() {
        let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: MatrixCryptoError.jsonMalformed(offset: 4)) { try CanonicalJSON.parse(bytes) }
        let overlongSlash: [UInt8] = [0x22, 0xC0, 0xAF, 0x22]
        #expect(throws: MatrixCryptoError.jsonMalformed(offset: 4)) { try CanonicalJSON.parse(overlongSlash) }
    }

    @Test func refusesDuplicateKeysIncludingCanonicallyEquivalentOnes() {
        #expect(throws: MatrixCryptoError.jsonDuplicateKey) { try CanonicalJSON.parse(#"{"a":1,"a":2}"#) }
        #expect(throws: MatrixCryptoError.jsonDuplicateKey) {
            try CanonicalJSON.parse("{\"\u{E9}\":1,\"e\u{301}\":2}")
        }
    }

    @Test func boundsTheDepth() throws {
        let limits = JSONParser.Limits(maximumBytes: 1 << 20, maximumDepth: 4)
        #expect(try CanonicalJSON.parse("[[[[1]]]]", limits: limits) == [[[[1]]]])
        #expect(throws: MatrixCryptoError.jsonTooDeep(limit: 4)) {
            try CanonicalJSON.parse("[[[[[1]]]]]", limits: limits)
        }
        #expect(throws: MatrixCryptoError.jsonTooDeep(limit: 4)) {
            try CanonicalJSON.parse(#"{"a":{"a":{"a":{"a":{}}}}}"#, limits: limits)
        }
        // A hostile depth under the default limit is refused without exhausting the stack.
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: MatrixCryptoError.jsonTooDeep(limit: 64)) { try CanonicalJSON.parse(deep) }
    }

    @Test func boundsTheSize() throws {
        let limits = JSONParser.Limits(maximumBytes: 8, maximumDepth: 64)
        #expect(try CanonicalJSON.parse("[1,2,3]", limits: limits) == [1, 2, 3])
        #expect(throws: MatrixCryptoError.jsonTooLarge(limit: 8)) {
            try CanonicalJSON.parse("[1,2,3,4]", limits: limits)
        }
    }

    @Test func acceptsWhitespaceBetweenTokensOnly() throws {
        #expect(
            try CanonicalJSON.parse(" \t\r\n{ \"a\" : [ 1 , true , false , null ] }\n") == [
                "a": [1, true, false, .null]
            ])
    }
}

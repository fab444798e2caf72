import Foundation
import GifSources
import MatrixCrypto
import Testing

@testable import Matrix

/// `JSONValue.parse`, which reads every Matrix answer: each kind of value comes out as itself (a
/// boolean is not the number 1, a numeric string is not a number, an empty object is not an
/// empty array); text that is not JSON is refused; what a room's member can put in an event
/// (depth, lone surrogates, repeated keys) never makes the text unreadable.
@Suite struct JSONValueParsingTests {
    @Test func everyKindReadsAsItself() throws {
        let json = #"""
            {"s":"x","digits":"12","n":1.5,"i":3,"neg":-2,"t":true,"f":false,"z":null,"o":{},"e":[],
             "a":[1,"two",null,false,{"k":["v"]},[]],"deep":{"m.relates_to":{"m.in_reply_to":{"event_id":"$e"}}}}
            """#
        let value = try JSONValue.parse(Data(json.utf8))
        let expected: JSONValue = [
            "s": "x", "digits": "12", "n": 1.5, "i": 3, "neg": -2, "t": true, "f": false, "z": nil, "o": [:],
            "e": [], "a": [1, "two", nil, false, ["k": ["v"]], []],
            "deep": ["m.relates_to": ["m.in_reply_to": ["event_id": "$e"]]],
        ]
        #expect(value == expected)
        // Top-level values of each kind, not only members.
        for (text, top) in [
            (#""only""#, JSONValue.string("only")), ("7", .number(7)), ("true", .bool(true)), ("null", .null),
            ("[]", .array([])), ("{}", .object([:])),
        ] {
            #expect(try JSONValue.parse(Data(text.utf8)) == top)
        }
    }

    @Test func escapesAndNumbersReadAsJSONWritesThem() throws {
        let json = #"""
            ["a\"b\\c\/d\b\f\n\r\t", "\u00e4\u20AC\ud83d\ude00", "ä€😀",
             0, -0, 12.5e2, -1E-2, 123456789012345, 1234567890123456789]
            """#
        let expected: JSONValue = [
            "a\"b\\c/d\u{8}\u{c}\n\r\t", "ä€😀", "ä€😀",
            0, 0, 1250, -0.01, 123_456_789_012_345, 1_234_567_890_123_456_789,
        ]
        #expect(try JSONValue.parse(Data(json.utf8)) == expected)
    }

    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[1 2]", "01", "1.", ".5", "1e", "-", "+1", "tru",
        "nul", "\"open", "\"\\x\"", "\"\\u12\"", "\"tab\tin\"", "{} {}", "[1]]", "NaN", "Infinity",
    ])
    func textThatIsNotJSONIsRefused(_ text: String) {
        #expect {
            try JSONValue.parse(Data(text.utf8))
        } throws: { error in
            if case .jsonMalformed = error as? MatrixCryptoError { true } else { false }
        }
    }

    /// A member's event nested far deeper than anything the bot reads: the batch is read, the
    /// too-deep value as null, and nothing costs stack per level (twenty thousand levels).
    @Test func valuesTooDeepToReadAreNullAndTheRestIsRead() throws {
        let depth = 20_000
        let deep = String(repeating: #"{"k":["#, count: depth) + #""""# + String(repeating: "]}", count: depth)
        let json =
            #"{"next_batch":"s2","rooms":{"join":{"!r:l":{"timeline":{"events":[{"event_id":"$1","type":"m.room.message","sender":"@a:l","content":\#(deep)},{"event_id":"$2","type":"m.room.message","sender":"@a:l","content":{"body":"!gif cat"}}]}}}}}"#
        let sync = try SyncResponse(parsing: Data(json.utf8))
        let events = try #require(sync.rooms?.join?["!r:l"]?.timeline?.events?.elements)
        #expect(events.map(\.eventID) == ["$1", "$2"])
        #expect(events[1].content["body"] == "!gif cat")
        // The first event's content is read to the deepest level read, and null below it.
        var value = events[0].content
        var levels = 8  // the content's own depth in the batch
        while let inner = value["k"]?.arrayValue?.first {
            value = inner
            levels += 2
        }
        #expect(value == ["k": nil])
        #expect(levels == JSONValue.deepestValueRead)
        // A deep value whose brackets never close is still not JSON.
        #expect(throws: MatrixCryptoError.jsonMalformed(offset: 500)) {
            try JSONValue.parse(Data(String(repeating: "[", count: 500).utf8))
        }
    }

    @Test func oddValuesAMemberCanWriteDoNotMakeTextUnreadable() throws {
        let value = try JSONValue.parse(Data(#"{"a":"x\ud800y\udc00z\ud83d\u0041","a":"last","b":"\ud83d"}"#.utf8))
        #expect(value == ["a": "last", "b": "\u{FFFD}"])
        let lone = try JSONValue.parse(Data(#""x\ud800y\udc00z\ud83d\u0041""#.utf8))
        #expect(lone == "x\u{FFFD}y\u{FFFD}z\u{FFFD}A")
        // A number no Double holds reads as null; one too small to tell from zero as zero.
        #expect(try JSONValue.parse(Data("[1e400,-1e400,1e-400]".utf8)) == [nil, nil, 0])
        // Invalid UTF-8 in a string is repaired, not refused.
        #expect(try JSONValue.parse([0x22, 0x61, 0xFF, 0x62, 0x22]) == "a\u{FFFD}b")
    }
}

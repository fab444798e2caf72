import Foundation
import Testing

@testable import Matrix

/// `JSONValue` tries the kinds of value one after another: each must come out as itself,
/// whichever order they are tried in (a boolean is not the number 1, a numeric string is not a
/// number, an empty object is not an empty array).
@Suite struct JSONValueDecodingTests {
    @Test func everyKindDecodesAsItself() throws {
        let json = #"""
            {"s":"x","digits":"12","n":1.5,"i":3,"neg":-2,"t":true,"f":false,"z":null,"o":{},"e":[],
             "a":[1,"two",null,false,{"k":["v"]},[]],"deep":{"m.relates_to":{"m.in_reply_to":{"event_id":"$e"}}}}
            """#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
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
            #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == top)
        }
    }
}

import Foundation
import Testing

@testable import Matrix

/// `JSONValue.encoded()` writes request bodies itself: compact, keys in code point order,
/// integers without a fraction, and text that Foundation's decoder reads back as the same value.
@Suite struct JSONValueEncodingTests {
    @Test func bytesAreCompactSortedAndIntegral() throws {
        let value: JSONValue = [
            "msgtype": "m.image", "body": "a \"quoted\" \\ path/to\n\u{1}é😀",
            "info": ["w": 480, "h": 270.0, "size": 1_400_000],
            "Zed": true, "a": false, "n": nil, "list": [1.5, -2, "x", [], [:]],
        ]
        let text = String(decoding: try value.encoded(), as: UTF8.self)
        #expect(
            text
                == #"{"Zed":true,"a":false,"body":"a \"quoted\" \\ path/to\n\u0001é😀","info":{"h":270,"size":1400000,"w":480},"list":[1.5,-2,"x",[],{}],"msgtype":"m.image","n":null}"#
        )
    }

    @Test(arguments: [0.1, 1e-7, 1e300, -1e300, 9_007_199_254_740_992, 123_456_789.25, -0.0])
    func numbersReadBackAsThemselves(_ number: Double) throws {
        let decoded = try JSONValue.parse(try JSONValue.array([.number(number)]).encoded())
        #expect(decoded == .array([.number(number)]))
    }

    @Test func valuesReadBackAsThemselves() throws {
        let value: JSONValue = [
            "m.relates_to": ["m.in_reply_to": ["event_id": "$e:hs"], "rel_type": "m.thread"],
            "control": "\u{0}\u{8}\u{c}\r\t\u{1f}\u{7f}", "keys": ["b": 1, "a": 2, "ä": 3, "z": 4], "empty": "",
        ]
        #expect(try JSONValue.parse(try value.encoded()) == value)
    }

    @Test func aNumberJSONCannotHoldIsRefused() {
        #expect(throws: EncodingError.self) { try JSONValue.array([.number(.nan)]).encoded() }
        #expect(throws: EncodingError.self) { try JSONValue.object(["x": .number(.infinity)]).encoded() }
    }
}

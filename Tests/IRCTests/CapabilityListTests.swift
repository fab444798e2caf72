import IRC
import Testing

@Suite struct CapabilityListTests {
    @Test(arguments: [
        (
            "sasl=PLAIN,EXTERNAL message-tags multi-prefix",
            ["sasl": "PLAIN,EXTERNAL", "message-tags": "", "multi-prefix": ""]
        ),
        ("  away-notify   -multi-prefix  ", ["away-notify": "", "multi-prefix": ""]),
        ("-sasl", ["sasl": ""]),
        ("Message-Tags draft/Chathistory=100", ["message-tags": "", "draft/chathistory": "100"]),
        ("cap=a=b", ["cap": "a=b"]),
        ("cap=", ["cap": ""]),
        ("a b a=2", ["a": "2", "b": ""]),
        ("", [:]),
        ("   ", [:]),
        ("- = =x", [:]),
    ])
    func parses(text: String, capabilities: [String: String]) {
        #expect(CapabilityList.parse(text) == capabilities)
    }
}

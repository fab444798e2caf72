import GifSources
import Testing

@testable import GifBotCore

/// Numbers typed in chat and links sent by sources, read so that neither can trap nor reach a
/// reply unchecked (issue 20).
@Suite struct ChatNumberTests {
    @Test(arguments: [
        ("0", 0), ("7", 7), ("007", 7), ("999999999", 999_999_999), ("000000000000000000000000000012", 12),
    ])
    func plainDigitsAreNumbers(text: String, value: Int) {
        #expect(ChatNumber.read(text) == .number(value))
    }

    @Test(arguments: [
        "-9223372036854775808", "9223372036854775807", "9223372036854775808", "1000000000", "-1", "-0", "+1",
        String(repeating: "9", count: 400),
    ])
    func signedOrTooLongNumbersAreOutOfRange(text: String) {
        #expect(ChatNumber.read(text) == .outOfRange)
    }

    @Test(arguments: ["", "-", "+", "1e30", "0x10", "٣", "３", "𝟓", "1 2", "abc", "12a", "½"])
    func otherTextIsNotANumber(text: String) {
        #expect(ChatNumber.read(text) == .notANumber)
    }

    @Test func valuesOutsideTheirRangeAreRefused() {
        #expect(ChatNumber.value("5", in: 1...5) == 5)
        #expect(ChatNumber.value("6", in: 1...5) == nil)
        #expect(ChatNumber.value("-9223372036854775808", in: 0...Int.max) == nil)
    }

    @Test(arguments: [
        "!unfav -9223372036854775808", "!favs 9223372036854775807", "!favs bob -9223372036854775808",
        "!trending 9223372036854775807", "!cooldown -9223372036854775808 60", "!cooldown 5 9223372036854775808",
    ])
    func edgeNumbersParseToUsageOrATarget(line: String) {
        let command = CommandParser(prefix: "!").parse(line)
        switch command {
        case .usage?, .unfav?: break
        default: Issue.record("\(line) gave \(String(describing: command))")
        }
    }
}

@Suite struct LinkPolicyTests {
    let policy = LinkPolicy(httpHosts: ["127.0.0.1"])

    @Test(arguments: [
        "https://media.giphy.com/media/x/giphy.gif", "HTTPS://i.giphy.com/x.gif", "http://127.0.0.1:8080/media/x.gif",
        "https://[::1]:8443/x.gif",
    ])
    func httpsAndAllowedHTTPLinksPass(url: String) {
        #expect(policy.allows(url))
    }

    @Test(arguments: [
        "javascript:alert(1)//x.gif", "data:image/gif;base64,R0lG", "http://media.giphy.com/x.gif", "ftp://x/y.gif",
        "https://", "https:///x.gif", "https://user@evil.example/x.gif", "http://127.0.0.1@evil.example/x.gif",
        "https://a.example/x y.gif", "https://a.example/\"onmouseover=\"x", "https://a.example/<script>",
        "https://a.example/x'y", "https://a.example/x>y", "https://a.example/x\\y", "https://a.example/x`y",
        "https://a.example/\u{202E}x", "https://a.example/\r\nQUIT", "//media.giphy.com/x.gif",
        "https://a.example/" + String(repeating: "x", count: 3000),
    ])
    func everythingElseIsRefused(url: String) {
        #expect(!policy.allows(url))
    }

    @Test func aCardIsBuiltOnlyForAValidIdInItsOwnNamespaceAndAnAllowedLink() {
        func gif(_ source: GifSourceID, _ key: String, url: String = "https://media.giphy.com/x.gif") -> SourcedGif {
            let rendition = SourcedRendition(name: "downsized", url: url, width: 1, height: 1, byteSize: 1)
            return SourcedGif(
                ref: GifRef(source: source, key: key), title: "t", rating: "g", pageURL: "javascript:x",
                preferred: rendition, renditions: [rendition])
        }
        #expect(GifCardBuilder.card(for: gif(.giphy, "abc123"))?.id == "abc123")
        #expect(
            GifCardBuilder.card(for: gif(.giphy, "abc123"))?.pageURL == nil, "a page link that is not https is left out"
        )
        #expect(GifCardBuilder.card(for: gif(.klipy, "hello-hi-662"))?.id == "klipy:hello-hi-662")
        #expect(GifCardBuilder.card(for: gif(.giphy, "klipy:evil-slug-1")) == nil)
        #expect(GifCardBuilder.card(for: gif(.giphy, "../../../v1/gifs/trending?x=")) == nil)
        #expect(GifCardBuilder.card(for: gif(.giphy, String(repeating: "a", count: 10_000))) == nil)
        #expect(GifCardBuilder.card(for: gif(.giphy, "abc", url: "javascript:alert(1)//x.gif")) == nil)
    }
}

import Foundation
import GifSources
import HTTPTransport
import Testing

/// The byte-level percent-encoder every source builds its URLs with, checked against
/// Foundation's `addingPercentEncoding` over the RFC 3986 unreserved set, which it replaced.
@Suite struct PercentEncodingTests {
    static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    @Test(arguments: [
        "", "cat", "funny cat", "a/b?c#d&e=f", "100%", "-._~", "ÉCOLE", "猫", "😀 party", "tab\there", "line\r\nbreak",
        "id,title,images.original", "+plus", "%2F", "\u{0}", "é\u{301}",
    ])
    func matchesFoundation(_ text: String) {
        #expect(PercentEncoding.encode(text) == text.addingPercentEncoding(withAllowedCharacters: Self.unreserved))
    }

    @Test func userTextNeverAddsADelimiter() {
        let encoded = PercentEncoding.encode("../v1/gifs?api_key=x&q=#/")
        #expect(!encoded.contains { "/?#&=".contains($0) })
        #expect(encoded == "..%2Fv1%2Fgifs%3Fapi_key%3Dx%26q%3D%23%2F")
    }
}

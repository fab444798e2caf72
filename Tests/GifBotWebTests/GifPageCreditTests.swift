import Testing

@testable import GifBotWeb

/// A favorite's page credits the GIF's own source, as the chat replies do.
@Suite struct GifPageCreditTests {
    @Test func theCreditNamesTheSourceTheIDNames() {
        #expect(GifPage.sourceName(of: "xT9IgG50Fb7Mi0prBC") == "GIPHY")
        #expect(GifPage.sourceName(of: "klipy:hello-hi-662") == "KLIPY")
        #expect(GifPage.sourceName(of: "giphy:abc") == "GIPHY")
    }
}

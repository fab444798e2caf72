import Foundation
import GifSources
import Testing

@testable import Giphy

/// Inputs the giphy-response fuzz target (Fuzz/, scripts/fuzz) is seeded with as regressions.
@Suite struct LenientValuesFuzzRegressionTests {
    /// Fuzz/Corpus/giphy-response/regression-huge-number.json: LenientInt converted any finite
    /// double with Int(_:), which traps beyond Int's range, so one odd number in a GIPHY body
    /// crashed the bot.
    @Test func numbersBeyondIntAreUnknownInsteadOfACrash() throws {
        let body =
            #"{"data":[{"id":"a","images":{"original":{"url":"u","width":1e300,"height":-1e300,"frames":9.3e18,"size":270.9}}}],"meta":{"status":200,"response_id":"x"}}"#
        let response = try GiphyBody(json: Array(body.utf8), data: GiphyPayload.gifList)
        let rendition = try #require(response.data?.elements.first?.renditions["original"])
        #expect(rendition.width == nil)
        #expect(rendition.height == nil)
        #expect(rendition.size == 270)
        #expect(rendition.url == "u")
    }
}

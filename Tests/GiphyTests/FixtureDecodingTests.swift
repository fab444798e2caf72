import Foundation
import GifSources
import GiphyStandIn
import Testing

@testable import Giphy

/// Every real recorded response decodes, with the quirks GIPHY really sends.
@Suite struct FixtureDecodingTests {
    static let successBodies = Fixtures.allNames().filter { name in
        !name.hasPrefix("errors/") && !name.contains("error")
    }

    @Test(arguments: successBodies)
    func everyRecordedResponseDecodes(_ name: String) throws {
        let bytes = Fixtures.bytes(name)
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        switch raw["data"] {
        case let items as [Any] where items.first is String:
            let decoded = try #require(try GiphyBody(json: bytes, data: GiphyPayload.strings).data)
            #expect(decoded.elements.count == items.count)
        case let items as [Any]:
            let decoded = try #require(try GiphyBody(json: bytes, data: GiphyPayload.gifList).data)
            #expect(decoded.droppedCount == 0, "\(name) lost items")
            #expect(decoded.elements.count == items.count)
            #expect(decoded.elements.allSatisfy { !$0.id.isEmpty })
        case is [String: Any]:
            let gif = try #require(try GiphyBody(json: bytes, data: GiphyPayload.singleGif).data ?? nil)
            #expect(!gif.id.isEmpty)
            #expect(!gif.renditions.isEmpty, "\(name) has no usable rendition")
        default:
            Issue.record("\(name) has no data")
        }
    }

    @Test func renditionNumbersArriveAsStrings() throws {
        let gif = try decodeSingle("giphy-js_get_by_id_gif.json")
        let downsized = try #require(gif.renditions["downsized"])
        #expect(downsized.width ?? 0 > 0)
        #expect(downsized.size ?? 0 > 0)
        #expect(gif.rating == "g")
    }

    @Test func legacyFlatFieldsBecomeRenditions() throws {
        let gif = try decodeSingle("giphy_get_random.json")
        let original = try #require(gif.renditions["original"])
        #expect(original.url?.hasSuffix(".gif") == true)
        #expect(original.width != nil)
        #expect(gif.rating == nil)
    }

    @Test func userIsOptional() throws {
        #expect(try decodeSingle("relax_cats_bot_random_with_user_2024.json").user != nil)
        #expect(try decodeSingle("relax_cats_bot_random_2023.json").user == nil)
    }

    @Test func randomAndTranslateMayAnswerWithAnEmptyArray() throws {
        let body = Array(#"{"data":[],"meta":{"status":200,"msg":"OK","response_id":"abc"}}"#.utf8)
        let decoded = try GiphyBody(json: body, data: GiphyPayload.singleGif)
        #expect(decoded.data != nil && decoded.data! == nil)
    }

    @Test func zeroedAndEmptyRenditionsAreNotUsable() throws {
        let zeroed = try JSONReader.read(Fixtures.bytes("errors/rendition_zeroed_2020.json")) {
            try RenditionName.readAll(&$0)
        }
        #expect(zeroed["downsized"]?.isUsable == false)
        let empty = try #require(try JSONReader.read(Array("{}".utf8)) { try GiphyRendition.read(&$0) })
        #expect(!empty.isUsable)
    }

    @Test func oneMalformedItemDoesNotLoseThePage() throws {
        let body = Array(
            #"{"data":[{"id":"a","images":{}},{"title":"no id"},17,{"id":"b"}],"meta":{"status":200,"response_id":"x"}}"#
                .utf8)
        let decoded = try #require(try GiphyBody(json: body, data: GiphyPayload.gifList).data)
        #expect(decoded.elements.map(\.id) == ["a", "b"])
        #expect(decoded.droppedCount == 2)
    }

    @Test func emptyTitlesAndAltTextDecode() throws {
        let decoded = try #require(
            try GiphyBody(
                json: Fixtures.bytes("odin_memory_card_search_data_array_2025.json"), data: GiphyPayload.gifList
            ).data)
        #expect(decoded.elements.count == 12)
    }

    /// `fixed_width_small_still` is the GIF's still for pages that honour reduced motion: read,
    /// asked for in lean requests, never among the renditions to post.
    @Test func theSmallStillIsReadAndNeverARenditionToPost() throws {
        let decoded = try #require(
            try GiphyBody(json: Fixtures.bytes("react_api_search_2023.json"), data: GiphyPayload.gifList).data)
        let gif = try #require(decoded.elements.first).sourced
        #expect(gif.still?.name == "fixed_width_small_still")
        #expect(gif.still?.url.contains("100w_s.gif") == true, "\(gif.still?.url ?? "none")")
        #expect(gif.still?.width == 100)
        #expect(!gif.renditions.contains { $0.name.hasSuffix("still") })
        #expect(GiphyFields.requested.contains("images.fixed_width_small_still"))
    }

    private func decodeSingle(_ name: String) throws -> GiphyGif {
        try #require(try GiphyBody(json: Fixtures.bytes(name), data: GiphyPayload.singleGif).data ?? nil)
    }
}

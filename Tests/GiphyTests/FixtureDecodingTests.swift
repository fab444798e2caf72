import Foundation
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
        let bytes = Data(Fixtures.bytes(name))
        let raw = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        switch raw["data"] {
        case let items as [Any] where items.first is String:
            let decoded = try JSONDecoder().decode(StringListResponse.self, from: bytes)
            #expect(decoded.data.elements.count == items.count)
        case let items as [Any]:
            let decoded = try JSONDecoder().decode(GifListResponse.self, from: bytes)
            #expect(decoded.data.droppedCount == 0, "\(name) lost items")
            #expect(decoded.data.elements.count == items.count)
            #expect(decoded.data.elements.allSatisfy { !$0.id.isEmpty })
        case is [String: Any]:
            let decoded = try JSONDecoder().decode(SingleGifResponse.self, from: bytes)
            let gif = try #require(decoded.gif)
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
        let body = Data(#"{"data":[],"meta":{"status":200,"msg":"OK","response_id":"abc"}}"#.utf8)
        #expect(try JSONDecoder().decode(SingleGifResponse.self, from: body).gif == nil)
    }

    @Test func zeroedAndEmptyRenditionsAreNotUsable() throws {
        let zeroed = try JSONDecoder().decode([String: GiphyRendition].self, from: Data(Fixtures.bytes("errors/rendition_zeroed_2020.json")))
        #expect(zeroed["downsized"]?.isUsable == false)
        let empty = try JSONDecoder().decode(GiphyRendition.self, from: Data("{}".utf8))
        #expect(!empty.isUsable)
    }

    @Test func oneMalformedItemDoesNotLoseThePage() throws {
        let body = Data(#"{"data":[{"id":"a","images":{}},{"title":"no id"},17,{"id":"b"}],"meta":{"status":200,"response_id":"x"}}"#.utf8)
        let decoded = try JSONDecoder().decode(GifListResponse.self, from: body)
        #expect(decoded.data.elements.map(\.id) == ["a", "b"])
        #expect(decoded.data.droppedCount == 2)
    }

    @Test func emptyTitlesAndAltTextDecode() throws {
        let bytes = Data(Fixtures.bytes("odin_memory_card_search_data_array_2025.json"))
        let decoded = try JSONDecoder().decode(GifListResponse.self, from: bytes)
        #expect(decoded.data.elements.count == 12)
    }

    private func decodeSingle(_ name: String) throws -> GiphyGif {
        try #require(try JSONDecoder().decode(SingleGifResponse.self, from: Data(Fixtures.bytes(name))).gif)
    }
}

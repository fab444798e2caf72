import Foundation
import Testing

@testable import GifSources
@testable import Giphy

/// The one-pass reader behind the compact models: what it builds, what it skips, what it refuses.
@Suite struct CompactReadingTests {
    func gif(_ json: String) throws -> GiphyGif? {
        try JSONReader.read(Array(json.utf8)) { try GiphyGif.read(&$0) }
    }

    @Test func escapesAndUnicodeAreDecoded() throws {
        let read = try #require(
            try gif(#"{"id":"a","title":"caf\u00e9 \"quoted\" \ud83d\ude00 \/ tab\t","url":"https:\/\/giphy.com\/x"}"#))
        #expect(read.title == "café \"quoted\" 😀 / tab\t")
        #expect(read.pageURL == "https://giphy.com/x")
    }

    @Test func escapedKeysAreStillKeys() throws {
        #expect(try gif(#"{"\u0069d":"escaped"}"#)?.id == "escaped")
    }

    @Test func unusedKeysOfAnyShapeAreSkipped() throws {
        let read = try gif(
            #"{"analytics":{"onload":{"url":"x"}},"tags":[[],[{}],"]"],"is_sticker":0,"id":"a","x":null,"y":-1.5e3,"z":true}"#
        )
        #expect(read?.id == "a")
    }

    @Test func onlyAnimatedRenditionsAreKept() throws {
        let read = try #require(
            try gif(
                #"{"id":"a","images":{"original":{"url":"o.gif","mp4":"o.mp4","width":"480"},"original_still":{"url":"s.gif"},"hd":{"mp4":"h.mp4"},"downsized":"junk"}}"#
            ))
        #expect(Set(read.renditions.keys) == ["original"])
        #expect(read.renditions["original"] == GiphyRendition(url: "o.gif", width: 480))
    }

    @Test(arguments: [
        #"{"id":"a""#, #"{"id":"a"} trailing"#, #"{"id":"a",}"#, #"{"id" "a"}"#, #"{"id":"a","x":[1,2}"#,
        #"{"id":tru}"#, "", "   ",
        #"{"id":"a","x":[{]}}"#,
        #"{"id":"a","x":"# + String(repeating: "[", count: 70) + "}" + String(repeating: "]", count: 69) + "}",
    ])
    func malformedJSONIsRefused(_ json: String) {
        #expect(throws: JSONReader.Failure.malformed) { try gif(json) }
    }

    @Test func deepNestingCostsNoStack() throws {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(try gif(#"{"id":"a","x":"# + deep + "}")?.id == "a")
    }

    @Test func aFieldsResponseReadsLikeTheFullOne() throws {
        let full = try #require(
            try GiphyBody(
                json: Array(
                    #"{"data":[{"id":"a","type":"gif","slug":"s","rating":"g","images":{"original":{"url":"o.gif","size":"9"},"fixed_height":{"url":"f.gif"},"preview_webp":{"url":"p.webp"}}}],"pagination":{"offset":0},"meta":{"status":200,"response_id":"r"}}"#
                        .utf8), data: GiphyPayload.gifList
            ).data)
        let lean = try #require(
            try GiphyBody(
                json: Array(
                    #"{"data":[{"id":"a","rating":"g","images":{"original":{"url":"o.gif","size":"9"},"fixed_height":{"url":"f.gif"}}}],"pagination":{"offset":0},"meta":{"status":200,"response_id":"r"}}"#
                        .utf8), data: GiphyPayload.gifList
            ).data)
        #expect(full.elements == lean.elements)
    }
}

/// The cache holds compact values within its entry and byte bounds.
@Suite struct ResponseCacheBoundTests {
    func page(_ id: String) -> GifPage {
        let url = "https://media.giphy.com/media/\(id)/" + String(repeating: "x", count: 200) + ".gif"
        let gifs = (0..<25).map {
            GiphyGif(
                id: "\(id)-\($0)", title: "a title long enough", rating: "g",
                renditions: ["original": GiphyRendition(url: url)])
        }
        return GifPage(gifs: gifs, offset: 0, totalCount: 25)
    }

    @Test func bytesBoundEvictsTheLeastRecentlyUsed() async throws {
        let onePage = page("a").estimatedBytes
        #expect(onePage > 25 * 200, "a page's estimate counts its strings")
        let cache = ResponseCache(capacity: 1000, maximumBytes: onePage * 3, timeToLive: .seconds(60))
        for index in 0..<10 {
            _ = try await cache.singleFlight("q\(index)", store: true) { self.page("p\(index)") }
            #expect(await cache.totalBytes <= onePage * 3)
        }
        #expect(await cache.count == 2)
        #expect(await cache.fresh("q9") != nil)
        #expect(await cache.fresh("q0") == nil)
    }

    @Test func aValueLargerThanTheWholeBoundIsNotKept() async throws {
        let cache = ResponseCache(capacity: 10, maximumBytes: 100, timeToLive: .seconds(60))
        _ = try await cache.singleFlight("big", store: true) { self.page("big") }
        #expect(await cache.count == 0)
        #expect(await cache.totalBytes == 0)
    }
}

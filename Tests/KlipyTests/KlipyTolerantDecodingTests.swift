import Foundation
import Testing

@testable import Klipy

/// Constructed bodies for the shapes no recording shows: ads, odd ids, zeroed fields, junk items.
@Suite struct KlipyTolerantDecodingTests {
    func list(_ json: String) throws -> KlipyListResponse {
        try JSONDecoder().decode(KlipyListResponse.self, from: Data(json.utf8))
    }

    func item(_ fields: String) -> String {
        #"{"slug":"s","title":"t","type":"gif","file":{"md":{"gif":{"url":"https://static.klipy.com/a.gif","width":10,"height":10,"size":100}}}\#(fields)}"#
    }

    @Test func adsAreSkippedAndCounted() throws {
        // The second ad looks like a GIF in every other way: the type alone must keep it out.
        let disguisedAd = #"{"type":"AD","slug":"buy-now","file":{"md":{"gif":{"url":"https://ads.example/a.gif"}}}}"#
        let response = try list(
            #"{"result":true,"data":{"data":[{"type":"ad","content":"<div/>","width":300,"height":250},"#
                + disguisedAd + "," + item(#","id":1"#) + #"],"current_page":1,"per_page":8,"has_next":false}}"#)
        #expect(response.gifs.map(\.slug) == ["s"])
        #expect(response.skippedItems == 2)
    }

    @Test(
        arguments: [
            (#","id":9007199254740993"#, "9007199254740993"),  // 2^53 + 1: a Double would round it
            (#","id":"9007199254740995""#, "9007199254740995"),
            (#","id":18446744073709551615"#, "18446744073709551615"),
            (#","id":null"#, nil), (#","id":1.5"#, nil), ("", nil),
        ] as [(String, String?)])
    func idsAreKeptExactlyOrLeftOut(fields: String, id: String?) throws {
        let gif = try #require(try list(#"{"result":true,"data":{"data":["# + item(fields) + "]}}").gifs.first)
        #expect(gif.id == id)
    }

    @Test func zeroedAndStringNumbersAreTolerated() throws {
        let json =
            #"{"result":true,"data":{"data":[{"slug":"z","file":{"md":{"gif":{"url":"https://x/a.gif","width":0,"height":"120","size":""}}}}]}}"#
        let rendition = try #require(try list(json).gifs.first?.rendition(.md))
        #expect(rendition.width == nil)
        #expect(rendition.height == 120)
        #expect(rendition.byteSize == nil)
    }

    @Test func itemsWithoutSlugOrUsableFileAreSkipped() throws {
        let json =
            #"{"result":true,"data":{"data":[42,"x",null,{"title":"no slug"},{"slug":"nofile"},"#
            + #"{"slug":"badurl","file":{"md":{"gif":{"url":"javascript:x"}}}},"# + item("") + "]}}"
        let response = try list(json)
        #expect(response.gifs.map(\.slug) == ["s"])
        #expect(response.skippedItems == 6)
    }

    @Test func missingPagingAndMissingListMeanAnEmptyLastPage() throws {
        let response = try list(#"{"result":true,"data":{}}"#)
        #expect(response.gifs.isEmpty && !response.hasNext && response.currentPage == nil)
    }

    @Test func bestGIFPrefersTheSmallerOfMediumAndHighThenFitsTheLimit() {
        func rendition(
            _ size: KlipyRendition.SizeClass, _ bytes: Int?, _ format: KlipyRendition.Format = .gif
        ) -> KlipyRendition {
            KlipyRendition(
                sizeClass: size, format: format, url: "https://x/\(size).\(format)", width: 1, height: 1,
                byteSize: bytes)
        }
        let gif = KlipyGif(
            id: nil, slug: "s", title: "",
            renditions: [
                rendition(.hd, 500), rendition(.md, 900), rendition(.sm, 200), rendition(.xs, 50),
                rendition(.md, 10, .mp4),
            ])
        #expect(gif.bestGIF()?.sizeClass == .hd)
        #expect(gif.bestGIF(maximumBytes: 300)?.sizeClass == .sm)
        #expect(gif.bestGIF(maximumBytes: 10) == nil)
        let videoOnly = KlipyGif(id: nil, slug: "v", title: "", renditions: [rendition(.md, 10, .mp4)])
        #expect(videoOnly.bestGIF()?.format == .mp4)
    }

    @Test(arguments: [
        #"{"result":true,"data":["cat","cats",3,""]}"#, #"{"result":true,"data":{"data":["cat","cats"]}}"#,
    ])
    func termsAcceptBothUndocumentedShapes(json: String) throws {
        let response = try JSONDecoder().decode(KlipyTermsResponse.self, from: Data(json.utf8))
        #expect(response.terms == ["cat", "cats"])
    }
}

import Foundation
import GifSources
import HTTPTransport
import KlipyStandIn
import Testing

@testable import Klipy

/// Every recorded and documented KLIPY body decodes, to the values the files hold.
@Suite struct KlipyFixtureDecodingTests {
    func list(_ name: String) throws -> KlipyListResponse {
        try JSONDecoder().decode(KlipyListResponse.self, from: Data(KlipyFixtures.bytes(name)))
    }

    @Test func documentedSearchSampleDecodesWithAllFourSizes() throws {
        let response = try list("docs_gifs_search.json")
        let gif = try #require(response.gifs.first)
        #expect(response.gifs.count == 1)
        #expect(gif.id == "8041071659142944")
        #expect(gif.slug == "hello-hi-662")
        #expect(gif.title == "Hello")
        #expect(gif.pageURL == "https://klipy.com/gifs/hello-hi-662")
        #expect(gif.renditions.count == 12)  // hd/md/sm/xs × gif/mp4/jpg; webp and webm not decoded
        let hd = try #require(gif.rendition(.hd))
        #expect(hd.url == "https://static.klipy.com/ii/935d7ab9d8c6202580a668421940ec81/14/af/um0L4dFH.gif")
        #expect(hd.width == 498 && hd.height == 498 && hd.byteSize == 4001918)
        #expect(gif.rendition(.hd, .mp4)?.byteSize == 119294)
        #expect(response.currentPage == 1 && response.perPage == 24 && response.hasNext)
    }

    /// The small jpg is the still a page shows for reduced motion; it is never a GIF to post.
    @Test func theSmallJpgIsTheStillAndNeverARenditionToPost() throws {
        let gif = try #require(try list("docs_gifs_search.json").gifs.first)
        let sourced = gif.sourced(key: gif.slug, rating: nil)
        #expect(sourced.still?.url == "https://static.klipy.com/ii/935d7ab9d8c6202580a668421940ec81/14/af/uvntdY4w.jpg")
        #expect(sourced.still?.width == 220 && sourced.still?.byteSize == 8560)
        #expect(sourced.renditions.allSatisfy { $0.name.hasSuffix("_gif") }, "\(sourced.renditions.map(\.name))")
        #expect(sourced.preferred?.url.hasSuffix(".gif") == true)
    }

    @Test func realSearchKeepsIDsAbove2To53Exactly() throws {
        let response = try list("real_gifs_search_crudh_gif_only_excerpt.json")
        #expect(response.gifs.map(\.slug) == ["adios-16", "iamhemuk-telugu-gifs-51"])
        #expect(response.gifs.map(\.id) == ["1149612604962814", "9766205533870732"])
        #expect(response.gifs.allSatisfy { $0.renditions.allSatisfy { $0.format == .gif } })
        #expect(response.perPage == 50)
    }

    @Test func realTrendingDecodesAndIgnoresMeta() throws {
        let response = try list("real_gifs_trending_crudh_gif_only_excerpt.json")
        #expect(response.gifs.map(\.id) == ["1779858253329584", "9978405610248812"])
        #expect(response.gifs.map(\.slug) == ["lilsimsie-sims-4-1", "piglet-winnie-the-pooh-9"])
        #expect(response.hasNext)
    }

    @Test func realClipsWithFlatFilesDecodeAsMediumRenditions() throws {
        let response = try list("real_clips_search_funny_tr_2026-10-03.json")
        #expect(response.gifs.count == 8)
        #expect(response.gifs.map(\.id).contains("9924056256405606"))
        let clip = try #require(response.gifs.first)
        #expect(clip.slug == "funny-6--REDACTED")
        #expect(clip.rendition(.md)?.url.hasPrefix("https://static.klipy.com/") == true)
        #expect(clip.rendition(.md, .mp4) != nil)
    }

    @Test func olderClipWithoutIDFallsBackToItsSlug() throws {
        let clip = try #require(try list("real_clips_list_tomhooijenga.json").gifs.first)
        #expect(clip.id == nil)
        #expect(clip.slug == "they-love-me-spider-man")
        #expect(clip.bestGIF() != nil)
    }

    @Test func itemsBodyHasNoPagingAndStillDecodes() throws {
        let response = try list("docs_gifs_items.json")
        #expect(response.gifs.map(\.slug) == ["hello-hi-662"])
        #expect(response.currentPage == nil && !response.hasNext)
    }

    @Test func documentedCategoriesDecode() throws {
        let response = try JSONDecoder().decode(
            KlipyCategoriesResponse.self, from: Data(KlipyFixtures.bytes("docs_gifs_categories.json")))
        let first = try #require(response.categories.first)
        #expect(
            first
                == KlipyCategory(
                    name: "smile", query: "smile",
                    previewURL: "https://static.klipy.com/ii/e293a233a303a98e471f78d04e13a1b0/a5/fd/NnGoLmO8.gif"))
        #expect(response.categories.count >= 5)
    }

    /// A base URL pointing at KLIPY's Tenor-compatible v2 API gets Tenor's shape back: that is
    /// a broken source (fall through to the next), not a page without GIFs.
    @Test func theTenorCompatibleShapeIsRejectedNotReadAsEmpty() throws {
        let body = KlipyFixtures.bytes("real_v2_tenor_compatible_search.json")
        #expect(throws: GifSourceError.unavailable) {
            try KlipyResponseClassifier.classify(
                HTTPTransportResponse(status: 200, body: body), rateLimitCooldownSeconds: 60)
        }
    }

    @Test func everyFixtureWithAListDecodesWithoutDroppingGIFs() throws {
        for name in KlipyFixtures.allNames()
        where name.hasPrefix("docs_gifs_") || name.hasPrefix("real_clips") || name.hasPrefix("real_gifs") {
            let object = try JSONSerialization.jsonObject(with: Data(KlipyFixtures.bytes(name))) as? [String: Any]
            guard let data = object?["data"] as? [String: Any], let items = data["data"] as? [Any] else { continue }
            let response = try list(name)
            #expect(response.gifs.count == items.count, "\(name)")
            #expect(response.skippedItems == 0, "\(name)")
        }
    }
}

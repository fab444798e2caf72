import Foundation
import GifSources
import GiphyStandIn
import Testing

@testable import Giphy

/// What the bot asks GIPHY for (`GiphyEndpoint.fields`, with 8 renditions of the ~25) still
/// gives chat the same GIF link as the full response, for every GIF of every recorded page.
@Suite struct LeanFieldsTests {
    static let pagesWithRenditions = Fixtures.allNames().filter { name in
        guard !name.hasPrefix("errors/"),
            let raw = try? JSONSerialization.jsonObject(with: Data(Fixtures.bytes(name))) as? [String: Any],
            let items = raw["data"] as? [[String: Any]]
        else { return false }
        return items.contains { $0["images"] != nil }
    }

    @Test func thereAreRecordedPagesToCompare() {
        #expect(Self.pagesWithRenditions.count >= 5)
    }

    @Test(arguments: pagesWithRenditions)
    func chatLinksTheSameRenditionAsFromTheFullPage(_ name: String) throws {
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(name))) as? [String: Any])
        let full = try #require(raw["data"] as? [[String: Any]])
        let lean = full.map { FieldsOnDemand.project($0, fields: GiphyEndpoint.fields) }
        let fullGifs = try decode(full), leanGifs = try decode(lean)
        try #require(fullGifs.count == full.count && leanGifs.count == full.count)
        for (fromFull, fromLean) in zip(fullGifs, leanGifs) {
            let requested = Set(RenditionName.requested.map(\.rawValue))
            #expect(Set(fromLean.renditions.keys).isSubset(of: requested), "\(name) \(fromLean.id)")
            #expect(
                GiphyRenditionChoice.preferred(fromLean.renditions)
                    == GiphyRenditionChoice.preferred(fromFull.renditions),
                "\(name) \(fromFull.id)")
        }
    }

    private func decode(_ gifs: [[String: Any]]) throws -> [GiphyGif] {
        let body = try JSONSerialization.data(withJSONObject: ["data": gifs])
        return try #require(try GiphyBody(json: Array(body), data: GiphyPayload.gifList).data).elements
    }
}

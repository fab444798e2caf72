import Foundation
import GifSources
import GiphyStandIn
import Testing

@testable import GifBotCore
@testable import Giphy

/// Every recorded GIPHY response decodes to the same values the bot used before decoding was
/// made compact (issue 9): `expected-values.json` was written by this test running on the old,
/// decode-everything models. Set GIFBOT_RECORD_DECODED_VALUES=<file> to write it again.
@Suite struct DecodedFixtureValuesTests {
    /// What the bot takes from one GIF: the raw fields it reads, the card a reply shows (with
    /// every rendition an upload may try) and the `!info` line.
    struct Projection: Codable, Equatable {
        var id: String
        var title: String
        var rating: String?
        var pageURL: String?
        var username: String?
        var userUsername: String?
        var userDisplayName: String?
        var userVerified: Bool?
        var importDatetime: String?
        var original: String?
        var card: String?
        var renditions: [String]
        var info: String?

        init(_ gif: GiphyGif) {
            id = gif.id
            title = gif.title
            rating = gif.rating
            pageURL = gif.pageURL
            username = gif.username
            userUsername = gif.user?.username
            userDisplayName = gif.user?.displayName
            userVerified = gif.user?.isVerified
            importDatetime = gif.importDatetime
            original = gif.renditions["original"].map(Self.describe)
            let card = GifCardBuilder.card(for: gif.sourced)
            self.card = card.map {
                "\($0.line) \($0.width ?? -1)x\($0.height ?? -1) \($0.byteSize ?? -1) \($0.rating ?? "-") \($0.pageURL ?? "-")"
            }
            renditions =
                card?.renditions.map {
                    "\($0.name) \($0.url) \($0.width ?? -1)x\($0.height ?? -1) \($0.byteSize ?? -1)"
                } ?? []
            info = card.map { GifInfoFormatter.line(for: gif.sourced, card: $0) }
        }

        static func describe(_ rendition: GiphyRendition) -> String {
            "\(rendition.url ?? "-") \(rendition.width ?? -1)x\(rendition.height ?? -1) \(rendition.size ?? -1)"
        }
    }

    static let resources = Bundle.module.resourceURL!.appendingPathComponent("DecodingFixtures")

    /// Recorded GIF bodies (search, trending, by id, random) and the constructed `fields=` ones.
    static func bodies() -> [String: [UInt8]] {
        var bodies: [String: [UInt8]] = [:]
        for name in Fixtures.allNames()
        where !name.hasPrefix("errors/") && !name.contains("error") && !name.contains("trending_searches") {
            bodies[name] = Fixtures.bytes(name)
        }
        let fields = resources.appendingPathComponent("fields")
        for file in (try? FileManager.default.contentsOfDirectory(atPath: fields.path)) ?? []
        where file.hasSuffix(".json") {
            bodies["fields/\(file)"] = Array(
                FileManager.default.contents(atPath: fields.appendingPathComponent(file).path) ?? Data())
        }
        return bodies
    }

    static func decode(_ body: [UInt8]) throws -> [GiphyGif] {
        let raw = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        if raw?["data"] is [Any] {
            return try GiphyBody(json: body, data: GiphyPayload.gifList).data?.elements ?? []
        }
        return try (GiphyBody(json: body, data: GiphyPayload.singleGif).data ?? nil).map { [$0] } ?? []
    }

    static func projections() throws -> [String: [Projection]] {
        try bodies().mapValues { try decode($0).map(Projection.init) }
    }

    @Test func everyFixtureDecodesToTheValuesRecordedBefore() throws {
        let actual = try Self.projections()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        if let path = ProcessInfo.processInfo.environment["GIFBOT_RECORD_DECODED_VALUES"] {
            try encoder.encode(actual).write(to: URL(fileURLWithPath: path))
        }
        let data = try Data(contentsOf: Self.resources.appendingPathComponent("expected-values.json"))
        let expected = try JSONDecoder().decode([String: [Projection]].self, from: data)
        #expect(Set(actual.keys) == Set(expected.keys))
        #expect(expected.values.map(\.count).reduce(0, +) > 100, "the expectations cover the recorded GIFs")
        for (name, projections) in expected.sorted(by: { $0.key < $1.key }) {
            let decoded = try #require(actual[name], "\(name) not decoded")
            #expect(decoded.count == projections.count, "\(name)")
            for (old, new) in zip(projections, decoded) where old != new {
                Issue.record("\(name) \(old.id): was \(old), now \(new)")
            }
        }
    }
}

import GiphyStandIn
import KlipyStandIn
import Testing

@testable import GifBotApp
@testable import gifbot

/// KLIPY's share trigger through the whole bot: once per posted GIF, behind the reply, never for
/// a preview; a failing one changes nothing for the user. And a KLIPY favorite keeps its rating.
@Suite(.timeLimit(.minutes(2))) struct KlipyShareCommandTests {
    @Test func aPostedGifIsSharedOnceWithItsSearchAndAPreviewIsNot() async throws {
        try await withKlipyConsole(sources: "klipy") { harness in
            let runtime = try await harness.runtime()
            let output = try await harness.say(["!gif cat", "!gif? dog", "!shuffle"], runtime: runtime)
            let posted = gifID(output[0]), previewed = gifID(output[1]), shuffled = gifID(output[2])
            #expect(previewed != shuffled && previewed.hasPrefix("klipy:") && shuffled.hasPrefix("klipy:"))
            let sent = try await harness.say(["!send"], runtime: runtime)
            #expect(gifID(sent[0]) == shuffled, "\(sent)")
            #expect(await harness.klipy.waitForShares(2))
            // Shares leave in order: a share of either preview would come before the one of `!send`.
            let shares = harness.klipy.shares
            #expect(shares.map(\.slug) == [posted, shuffled].map { String($0.dropFirst("klipy:".count)) })
            #expect(shares.map(\.query) == ["cat", "dog"])
            #expect(shares.allSatisfy { $0.method == "POST" })
            let customer = try #require(harness.klipy.requests(to: "gifs/search").first?.query["customer_id"])
            #expect(shares.allSatisfy { $0.customerID == customer }, "the asker's own customer_id, as searches send")
        }
    }

    @Test func aFailingShareChangesNothingForTheUser() async throws {
        try await withKlipyConsole(sources: "klipy") { harness in
            let lines = ["!gif cat", "!more", "!gif? dog", "!send"]
            let normal = try await harness.say(lines, runtime: try await harness.runtime())
            #expect(await harness.klipy.waitForShares(3))
            harness.klipy.failShares(with: .serverError())
            let failing = try await harness.say(lines, runtime: try await harness.runtime())
            #expect(failing == normal && normal.count == 4, "\(failing)")
            #expect(await harness.klipy.waitForShares(6), "every post was still tried")
            #expect(!harness.logs.text.contains(harness.klipy.appKey))
        }
    }

    @Test func aKlipyFavoriteKeepsItsRatingInAGChannel() async throws {
        try await withKlipyConsole(sources: "klipy") { harness in
            let id = gifID(try await harness.say(["!gif cat"])[0])
            let output = try await harness.say([
                "!gif cat", "!fav", "!info \(id)", "!fav \(id)", "!unfav \(id)", "!info \(id)",
            ])
            #expect(output[1].hasPrefix("Saved ") && output[1].contains("(\(id))"))
            #expect(output[2].contains("(\(id))") && output[2].contains("rated G"), "\(output[2])")
            #expect(output[3].contains("already one of your favorites"), "\(output[3])")
            #expect(output[5] == "That GIF is rated above what this channel allows (g).", "no longer a favorite")
        }
    }
}

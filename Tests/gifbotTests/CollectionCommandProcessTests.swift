import Foundation
import GiphyStandIn
import Testing

@testable import GifBotApp
@testable import gifbot

/// A channel's collection through the console with the real GIPHY client, the GIPHY stand-in
/// and the real database (issue 25): saved, tagged, posted back, kept across restarts, moved
/// with `gifbot export` and `gifbot import`.
@Suite(.timeLimit(.minutes(3))) struct CollectionCommandProcessTests {
    let batman = "l0NwGpoOVLTAyUJSo"

    @Test func aCollectionIsSavedTaggedPostedBackAndKeptAcrossRestarts() async throws {
        try await withConsole { harness in
            let alice = try await harness.say(["!gif batman", "!save #dark rain", "!tag \(batman) hero"])
            try #require(alice.count == 3)
            #expect(
                alice[1]
                    == "Saved \"Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice\" (\(batman)) to this channel's collection with #dark #rain (1/500)."
            )
            #expect(alice[2] == "\(batman) is now tagged #dark #hero #rain.")

            // A restart later, bob finds it by tag, may not forget it, and alice may.
            let bob = try await harness.say(["!collection #hero", "!gif #dark", "!forget \(batman)"], as: "bob")
            try #require(bob.count == 4, "\(bob)")
            #expect(bob[0] == "This channel's GIFs tagged #hero (1, page 1/1, newest first):")
            #expect(
                bob[1]
                    == "1. Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice (\(batman)) #dark #hero #rain, saved by alice"
            )
            #expect(bob[2].contains("(\(batman)) https://media0.giphy.com/"), "posted from the collection: \(bob[2])")
            #expect(bob[3] == "Only alice, who saved \(batman), or a bot admin can change it.")
            let other = try await harness.say(["!collection"], in: "#other")
            #expect(other.first?.hasPrefix("This channel's collection is empty") == true, "collections are per channel")

            let exported = try await harness.run(["export"], environment: ["DATABASE_URL": harness.databaseURL])
            #expect(exported.status == 0, "\(exported.stderr)")
            let entryLines = exported.stdoutLines.filter { $0.contains(#""type":"collection_entry""#) }
            #expect(
                entryLines.count == 1 && entryLines[0].contains(#""tags":["dark","hero","rain"]"#), "\(exported.stdout)"
            )
            #expect(!exported.stdout.contains("GIF89a"), "ids and links only, never the media")
            let copy = harness.directory.appendingPathComponent("copy.sqlite").path
            let imported = try await harness.run(
                ["import", "-"], environment: ["DATABASE_URL": copy], input: exported.stdout)
            #expect(imported.status == 0, "\(imported.stderr)")
            let fromCopy = try await harness.say(
                ["!collection"], as: "carol", environment: ["DATABASE_URL": copy])
            #expect(fromCopy.count == 2 && fromCopy[1].contains("#dark #hero #rain, saved by alice"), "\(fromCopy)")

            let full = try await harness.say(
                ["!save l396BoOTIFem9xqQU"], as: "carol", environment: ["BOT_COLLECTION_LIMIT": "1"])
            #expect(full == ["This channel's collection is full (1/1); remove one with !forget <id> first."])

            let forgotten = try await harness.say(["!forget \(batman)", "!gif #dark"])
            #expect(
                forgotten == [
                    "Removed \(batman) from this channel's collection.",
                    "Nothing in this channel's collection is tagged #dark yet: after a GIF, say !save #dark.",
                ])
        }
    }
}

import GiphyStandIn
import Testing

@testable import GifBotApp
@testable import gifbot

/// `!info`, `!recent`, `!help`, `!about`, and what the bot ignores.
@Suite struct InfoAndHelpCommandTests {
    @Test func infoOfTheLastGifAndById() async throws {
        try await withConsole { harness in
            let output = try await harness.say([
                "!info", "!gif batman", "!info", "!info C7RCCFdaixA3u", "!info no/such", "!info nosuchid",
            ])
            try #require(output.count > 5)
            #expect(output[0] == "No GIF shown to you here yet: use !info <id>, or search first.")
            let info = output[2]
            #expect(
                info.hasPrefix(
                    "\"Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice\" (l0NwGpoOVLTAyUJSo) · rated G · by "
                ))
            #expect(info.contains("✓ verified"))
            #expect(info.contains("by Batman v Superman: Dawn of Justice (@batmanvsuperman) ✓ verified"))
            #expect(info.contains("· 400×224 px, 1.7 MB · imported 2016-02-04 · "))
            #expect(info.contains("· imported 20"))
            #expect(
                info.hasSuffix("https://giphy.com/gifs/batmanvsuperman-batman-v-superman-bat-signal-l0NwGpoOVLTAyUJSo"))
            #expect(output[3].hasPrefix("\"black and white batman GIF\" (C7RCCFdaixA3u) · rated G · "))
            #expect(output[4] == "\"no/such\" is not a GIPHY id.")
            #expect(output[5] == "GIPHY has no GIF with that id.")
        }
    }

    @Test func recentSearchesNewestFirstWithoutDuplicates() async throws {
        try await withConsole { harness in
            let runtime = try await harness.runtime()
            let searches = ["cat", "dog", "cat", "owl", "fox", "bee", "elk"].map { "!gif \($0)" }
            _ = try await harness.say(searches, runtime: runtime)
            let output = try await harness.say(
                ["!recent", "!recent clear", "!recent", "!recent everything"], runtime: runtime)
            #expect(
                output == [
                    "Your recent searches: elk, bee, fox, owl, cat",
                    "Your recent searches are cleared.",
                    "You have no recent searches; try !gif <query>.",
                    "Usage: !recent [clear]: your last searches; 'clear' forgets them",
                ])
            let bob = try await harness.say(["!recent"], as: "bob", runtime: runtime)
            #expect(bob == ["You have no recent searches; try !gif <query>."])
        }
    }

    @Test func webSaysWhenTheGalleryIsOffAndSendsAPrivateLinkWhenOn() async throws {
        try await withConsole { harness in
            #expect(try await harness.say(["!web"]) == ["The web gallery is not turned on for this bot."])
            let on = try await harness.say(
                ["!web"], environment: ["WEB_PORT": "1", "WEB_BASE_URL": "https://gifs.example.org"])
            try #require(on.count == 2)
            #expect(
                on[0].hasPrefix("(private) Your gallery link")
                    && on[0].contains("https://gifs.example.org/login?token=v1."))
            #expect(on[1] == "I sent you a private message with your link to the gallery.")
        }
    }

    @Test func helpAndAbout() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!help", "!help gif", "!HELP !more", "!help nope", "!about"])
            try #require(output.count > 4)
            #expect(
                output[0].hasPrefix(
                    "Commands: !gif !more !gifs !random !translate !trending !trends !suggest !related !info !fav !unfav !favs !recent !help !about !undo !web !save !tag !untag !forget !collection !gif? !preview !send !shuffle !cancel !pick. Channel settings: !rating !cooldown !pack !picker."
                ))
            #expect(
                output[1] == "!gif <query> [| caption]: a GIF for your search; again for the next one you have not seen"
            )
            #expect(output[2] == "!more (also !next): the next result of your last search")
            #expect(output[3] == "There is no command \"nope\"; !help lists them all.")
            #expect(output[4].contains("Powered by GIPHY"))
            #expect(output[4].contains("GifBot 0."))
        }
    }

    @Test func aCustomPrefix() async throws {
        try await withConsole { harness in
            let output = try await harness.say(["!about", ".about"], environment: ["BOT_PREFIX": "."])
            try #require(output.count == 1)
            #expect(output[0].hasPrefix("GifBot"))
        }
    }
}

import Foundation
import GifSources
import Giphy
import Testing

@testable import GifBotCore

@Suite struct CommandParserTests {
    let parser = CommandParser(prefix: "!")

    @Test(arguments: [
        ("!gif cat", Command.gif(query: "cat")),
        ("  !GIF   funny   cat  ", .gif(query: "funny cat")),
        ("\u{02}!gif\u{0F} \u{03}04,12cat\u{03}", .gif(query: "cat")),
        ("\u{04}FF0000!gif dog", .gif(query: "dog")),
        ("!gif", .usage(.gif)),
        ("!more", .more),
        ("!NEXT", .more),
        ("!gifs cats", .gifs(query: "cats")),
        ("!random", .random(tag: nil)),
        ("!random space cat", .random(tag: "space cat")),
        ("!translate good morning", .translate(phrase: "good morning")),
        ("!trending", .trending(count: 1)),
        ("!trending 5", .trending(count: 5)),
        ("!trending 6", .usage(.trending)),
        ("!trending 0", .usage(.trending)),
        ("!trends", .trends),
        ("!suggest ca", .suggest(prefix: "ca")),
        ("!related cat", .related(term: "cat")),
        ("!info", .info(id: nil)),
        ("!info abc", .info(id: "abc")),
        ("!fav", .fav(id: nil)),
        ("!fav abc def", .usage(.fav)),
        ("!unfav 2", .unfav(target: "2")),
        ("!unfav", .usage(.unfav)),
        ("!favs", .favs(user: nil, page: 1)),
        ("!favs 3", .favs(user: nil, page: 3)),
        ("!favs alice", .favs(user: "alice", page: 1)),
        ("!favs alice 2", .favs(user: "alice", page: 2)),
        ("!favs alice x", .usage(.favs)),
        ("!favs 0", .usage(.favs)),
        ("!recent", .recent),
        ("!recent CLEAR", .clearRecent),
        ("!help", .help(topic: nil)),
        ("!help gif", .help(topic: "gif")),
        ("!about", .about),
        ("!undo", .undo),
        ("!rating", .rating(nil)),
        ("!rating PG-13", .rating(.pg13)),
        ("!rating nc17", .usage(.rating)),
        ("!cooldown", .showCooldown),
        ("!cooldown 3 10", .cooldown(commands: 3, seconds: 10)),
        ("!cooldown 0 10", .cooldown(commands: 0, seconds: 10)),
        ("!cooldown 3", .usage(.cooldown)),
        ("!cooldown -1 10", .usage(.cooldown)),
    ])
    func parses(_ line: String, _ expected: Command) {
        #expect(parser.parse(line) == expected)
    }

    @Test(arguments: [
        "", " ", "hello", "gif cat", "!", "! gif", "!op me", "!gifcat", "?gif cat",
        "\u{0}!gif cat x".replacingOccurrences(of: "!", with: ""),
    ])
    func ignores(_ line: String) {
        #expect(parser.parse(line) == nil)
    }

    @Test func otherPrefixes() {
        #expect(CommandParser(prefix: "..").parse("..gif cat") == .gif(query: "cat"))
        #expect(CommandParser(prefix: "..").parse("!gif cat") == nil)
    }
}

@Suite struct TextSanitizerTests {
    @Test func controlsAndLineBreaksNeverSurvive() {
        let cleaned = TextSanitizer.clean("Title\r\nPRIVMSG #x :hi\u{0}\u{7}\u{1B}[31m\u{85}end")
        #expect(cleaned == "Title PRIVMSG #x :hi[31mend")
        #expect(!cleaned.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func bidiOverridesAreRemoved() {
        #expect(TextSanitizer.clean("abc\u{202E}fig.exe") == "abcfig.exe")
    }

    @Test func mircCodes() {
        #expect(
            TextSanitizer.stripFormattingAndControls(
                "\u{03}4,12red\u{03} \u{02}b\u{1D}i\u{1F}u\u{1E}s\u{11}m\u{16}r\u{0F}") == "red biusmr")
        #expect(TextSanitizer.stripFormattingAndControls("\u{03}123") == "3", "colours take at most two digits")
        #expect(TextSanitizer.stripFormattingAndControls("\u{04}00ff00,000000x") == "x")
    }

    @Test func truncationAddsAnEllipsisAndKeepsGraphemesWhole() {
        #expect(TextSanitizer.truncate("short", to: 10) == "short")
        let long = TextSanitizer.truncate("one two three four five six seven", to: 20)
        #expect(long.count <= 20 && long.hasSuffix("…"))
        #expect(long == "one two three four…")
        let flags = TextSanitizer.truncate(String(repeating: "🇫🇷", count: 30), to: 10)
        #expect(flags == String(repeating: "🇫🇷", count: 9) + "…")
    }

    /// A character may carry any number of combining marks: forty such characters are within a
    /// limit of forty characters, but not within its bytes (a fuzzer's reply of 3,522 bytes).
    @Test func truncationBoundsTheScalarsOfCharactersHeavyWithMarks() {
        let heavy = "a" + String(repeating: "\u{301}", count: 40)
        let cut = TextSanitizer.truncate(String(repeating: heavy, count: 40), to: 40)
        #expect(cut.hasSuffix("…"))
        #expect(cut.unicodeScalars.count <= 40 * TextSanitizer.scalarsPerCharacter)
        #expect(cut == String(repeating: heavy, count: 3) + "…", "three of 41 scalars fit in 160")
        let marked = String(repeating: "e\u{301}", count: 60)
        #expect(TextSanitizer.truncate(marked, to: 40) == String(repeating: "e\u{301}", count: 39) + "…")
        #expect(TextSanitizer.truncate(String(repeating: "e\u{301}", count: 40), to: 40).count == 40, "within both")
    }
}

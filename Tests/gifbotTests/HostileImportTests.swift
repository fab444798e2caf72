import Foundation
import Testing

/// `gifbot import` reads a file from outside: every field is checked as the chat commands check
/// what users type, a bad line is named with its reason, and nothing is written unless every
/// line is good (issue 20: an `added_at` of 9223372036854775807 stopped the process with SIGILL).
@Suite(.timeLimit(.minutes(3))) struct HostileImportTests {
    static let good =
        #"{"type":"recent_search","network":"console","user":"bob","query":"cat","searched_at":1700000000}"#

    static func favorite(
        id: String = "C7RCCFdaixA3u", title: String = "Cat", url: String = "https://media.giphy.com/media/x/giphy.gif",
        rating: String = #""g""#, addedAt: String = "1700000000"
    ) -> String {
        #"{"type":"favorite","network":"console","user":"bob","gif_id":"\#(id)","title":"\#(title)","url":"\#(url)","rating":\#(rating),"added_at":\#(addedAt)}"#
    }

    static func settings(commands: String, seconds: String, rating: String = #""g""#) -> String {
        ##"{"type":"channel_settings","network":"console","channel":"#gifs","rating":\##(rating),"cooldown_commands":\##(commands),"cooldown_seconds":\##(seconds)}"##
    }

    static let hostileLines: [(line: String, reason: String)] = [
        (favorite(addedAt: "9223372036854775807"), "added_at is not a time between 1970 and now"),
        (favorite(addedAt: "-9223372036854775808"), "added_at is not a time between 1970 and now"),
        (favorite(addedAt: "1e30"), "not a gifbot export record"),
        (favorite(id: "../../../v1/gifs/trending?x="), "gif_id is not a GIF id"),
        (favorite(id: String(repeating: "a", count: 10_000)), "gif_id is not a GIF id"),
        (favorite(id: "klipy:../evil"), "gif_id is not a GIF id"),
        (favorite(url: "javascript:alert(1)//x.gif"), "url is not an https link"),
        (favorite(url: "https://user@evil.example/x.gif"), "url is not an https link"),
        (favorite(title: #"bell\u0007ring"#), "title is empty, too long or holds control characters"),
        (favorite(rating: #""nc-17""#), "rating is not g, pg, pg-13 or r"),
        (
            #"{"type":"recent_search","network":"console","user":"bob","query":"cat","searched_at":9223372036854775807}"#,
            "searched_at is not a time between 1970 and now"
        ),
        (
            #"{"type":"recent_search","network":"console","user":"","query":"cat","searched_at":1}"#,
            "user is empty, too long or holds control characters"
        ),
        (settings(commands: "5", seconds: "1000000"), "cooldown_seconds is not within 1...3600"),
        (settings(commands: "-9223372036854775808", seconds: "60"), "cooldown_commands is not within 0...100"),
        (settings(commands: "5", seconds: "null"), "cooldown_commands and cooldown_seconds come together"),
        (settings(commands: "5", seconds: "60", rating: #""x""#), "rating is not g, pg, pg-13 or r"),
        (
            ##"{"type":"collection_entry","network":"console","channel":"#gifs","gif_id":"C7RCCFdaixA3u","source":"giphy","title":"Cat","tags":["<script>"],"saved_by":"bob","saved_by_name":"Bob","saved_at":1700000000,"url":"https://media.giphy.com/x.gif"}"##,
            "tags are not distinct tags as chat takes them (lowercased NFC words of at most 32 scalars, nothing invisible)"
        ),
    ]

    @Test(arguments: hostileLines)
    func aHostileLineIsNamedAndNothingIsImported(line: String, reason: String) async throws {
        try await withConsole(engine: "sqlite") { harness in
            let result = try await harness.run(
                ["import", "-"], environment: ["DATABASE_URL": harness.databaseURL],
                input: Self.good + "\n" + line + "\n")
            #expect(result.status == 1, "exit \(result.status): \(result.stderr)")
            #expect(result.stderr.hasSuffix("gifbot: -:2: \(reason); nothing imported\n"), "\(result.stderr)")
            let exported = try await harness.run(["export"], environment: ["DATABASE_URL": harness.databaseURL])
            #expect(exported.status == 0)
            #expect(exported.stdout.isEmpty, "\(exported.stdout)")
        }
    }

    @Test func favoritesPastTheLimitAreKeptAndTheUserIsNamed() async throws {
        try await withConsole(engine: "sqlite") { harness in
            let lines = (1...4).map { Self.favorite(id: "gif\($0)", addedAt: "\(1_700_000_000 + $0)") }
            let result = try await harness.run(
                ["import", "-"], environment: ["DATABASE_URL": harness.databaseURL, "BOT_FAVORITES_LIMIT": "3"],
                input: lines.joined(separator: "\n") + "\n")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdoutLines == ["imported 4 records, skipped 0 already there"])
            #expect(
                result.stderr.contains("1 user has more favorites than bot.favorites_limit (3), kept: console bob (4)"),
                "\(result.stderr)")
            let exported = try await harness.run(["export"], environment: ["DATABASE_URL": harness.databaseURL])
            #expect(exported.stdoutLines.filter { $0.contains(#""type":"favorite""#) }.count == 4)
        }
    }
}

import Foundation
import Testing

/// Numbers typed in chat at the edges of `Int` and beyond, through the real executable (issue
/// 20: `!unfav -9223372036854775808` ended `gifbot console` with SIGILL). Every numeric argument
/// of every command gets each value; the process answers every line and loses nothing stored.
@Suite(.timeLimit(.minutes(3))) struct NumericArgumentTests {
    static let values = [
        "-9223372036854775808", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "1000000000000000000000000000000", "-0", "0", "-1", "+1", "1e30", "0x10", "٣", "３", "𝟓",
    ]
    static let commands = ["!unfav %", "!favs %", "!favs bob %", "!trending %", "!cooldown % 60", "!cooldown 5 %"]

    @Test func everyNumericArgumentAtTheEdgesIsAnsweredWithoutACrash() async throws {
        try await withConsole { harness in
            let favorite = "l0NwGpoOVLTAyUJSo"
            var lines = ["!fav \(favorite)"]
            for command in Self.commands {
                for value in Self.values { lines.append(command.replacingOccurrences(of: "%", with: value)) }
            }
            lines += ["!favs", "!about"]
            let result = try await harness.run(
                ["console", "--user", "alice"], environment: harness.environment(["BOT_ADMINS": "alice"]),
                input: lines.joined(separator: "\n") + "\n")
            #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
            let output = result.stdoutLines
            #expect(output.first?.hasPrefix("Saved ") == true)
            #expect(!output.contains { $0.hasPrefix("Removed ") }, "no edge value names the favorite")
            #expect(output.contains("Your favorites (1, page 1/1, newest first):"), "the favorite is still there")
            #expect(output.last?.contains("GifBot") == true, "the last line is answered: \(output.suffix(2))")
            // Each of the values is refused with a reply of its own: unfav names the number or id,
            // the others answer with their usage line (or, for plain 0/1, with their own answer).
            let unfavReplies = output.filter {
                $0.hasPrefix("There is no favorite number") || $0.hasSuffix("is not one of your favorites.")
            }
            #expect(unfavReplies.count == Self.values.count, "\(unfavReplies)")
        }
    }
}

import Foundation
import Testing

/// The release of start-up pages (`StartupPagesRelease`) in the real executable: once its
/// adapter is ready the bot drops its resident code, then goes on answering.
@Suite(.timeLimit(.minutes(2))) struct StartupPagesProcessTests {
    @Test func aReadyBotGivesBackItsStartUpCodeAndGoesOnAnswering() async throws {
        try await withConsole { harness in
            let bot = try harness.launch(
                ["console", "--user", "alice"], environment: harness.environment(["LOG_LEVEL": "debug"]))
            #expect(await bot.waitForErrors { $0.contains("Start-up pages released") })
            let line = try #require(
                bot.stderrSoFar.split(separator: "\n").first { $0.contains("Start-up pages released") })
            let released = try #require(line.firstMatch(of: /resident_kib=(\d+)/).flatMap { Int($0.1) })
            #expect(released > 0)
            // What the idle console touched since is a small part of what was resident.
            let codeNow = try #require(Self.residentCodeKiB(of: bot.processIdentifier))
            #expect(codeNow < released)

            bot.write("!about\n")
            #expect(await bot.waitForOutput { $0.contains("GifBot") })
            bot.closeInput()
            #expect(await bot.finish(timeout: .seconds(20)).status == 0)
        }
    }

    /// The resident KiB of the process's executable code mapping (`r-xp` of `/proc/PID/exe`).
    private static func residentCodeKiB(of pid: Int32) -> Int? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"),
            let smaps = try? String(contentsOfFile: "/proc/\(pid)/smaps", encoding: .utf8)
        else { return nil }
        var inCode = false
        var total = 0
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, !first.hasSuffix(":") {
                inCode = fields.count >= 6 && fields[1] == "r-xp" && fields[5...].joined(separator: " ") == executable
            } else if inCode, fields.first == "Rss:", fields.count >= 2, let kib = Int(fields[1]) {
                total += kib
            }
        }
        return total
    }
}

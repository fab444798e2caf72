import Foundation
import GiphyStandIn
import HTTPListening
import NIOCore
import TestServerSupport
import Testing

/// The gallery of the real executable under more slow connections than the process has file
/// descriptors (issue 31, items 7 and 8): the bot keeps answering chat and the gallery, running
/// out of descriptors neither spins a thread on `accept` nor ends the process, and everything
/// answers again once the connections are gone.
@Suite(.timeLimit(.minutes(4))) struct GalleryExhaustionProcessTests {
    /// The GIF the stand-in answers `!gif cat` with.
    static let catGIF = OpsExhaustionProcessTests.catGIF

    func galleryEnvironment(_ harness: ConsoleHarness, port: Int, _ extra: [String: String] = [:]) -> [String: String] {
        harness.environment(
            ["WEB_PORT": "\(port)", "WEB_BASE_URL": "http://127.0.0.1:\(port)", "WEB_REQUESTS_PER_MINUTE": "0"]
                .merging(extra) { $1 })
    }

    /// As the issue measured it: 1,100 slow connections under `ulimit -n 1024`, with the
    /// defaults (the cap derived from the limit).
    @Test func elevenHundredSlowConnectionsLeaveGifAndTheGalleryAnswering() async throws {
        try await withConsole { harness in
            let port = try #require(try await FreePorts.allocate(1).first)
            let bot = try harness.launch(
                ["console", "--user", "alice"], environment: galleryEnvironment(harness, port: port), fileLimit: 1024)
            let home = "http://127.0.0.1:\(port)/"
            _ = try #require(await OpsHTTP.waitFor(home) { $0.status == 200 })
            #expect(bot.stderrSoFar.contains("max_connections=256"), "a quarter of 1,024")

            // The crowd's own ends are in this process: room for them, whatever its limit.
            OpenFileLimit.raise(toAtLeast: 4096)
            let crowd = IdleCrowd()
            let connected = await crowd.open(1100, port: port)
            #expect(connected == 1100, "the server keeps accepting, pushing out the longest idle")
            #expect(
                await crowd.closedByServer.waitFor(timeout: .seconds(60)) { $0 >= 1100 - 256 },
                "closed: \(crowd.closedByServer.value)")

            bot.write("!gif cat\n")
            #expect(await bot.waitForOutput { $0.contains(Self.catGIF) }, "stdout: \(bot.stdoutSoFar)")
            #expect(!bot.stdoutSoFar.contains("can't reach"))
            let page = try await OpsHTTP.get(home)
            #expect(page.status == 200, "the gallery answers through the crowd")
            let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(bot.processIdentifier)/fd")
            #expect(descriptors.count < 1024 / 2, "the cap left the reserve: \(descriptors.count) open")
            #expect(bot.isRunning)

            await crowd.close()
            #expect(await OpsHTTP.waitFor(home) { $0.status == 200 } != nil)
            bot.closeInput()
            let result = await bot.finish(timeout: .seconds(20))
            #expect(result.status == 0, "stderr: \(result.stderr.suffix(2000))")
        }
    }

    /// A cap set above what the descriptors allow, as a misconfigured deployment would have.
    /// Running out of descriptors cannot be survived: libdispatch's worker-pool monitor, which
    /// Swift's concurrency runs on, traps (SIGILL) when it cannot open `/proc/self/task/…/stat`,
    /// which this test caught with the cap as configured. So the cap is cut to leave half of the
    /// descriptors, the crowd cannot exhaust them, and the process answers throughout.
    @Test func aCapAboveTheDescriptorsIsCutAndTheProcessNeverRunsOut() async throws {
        try await withConsole { harness in
            let port = try #require(try await FreePorts.allocate(1).first)
            let fileLimit = 128
            let bot = try harness.launch(
                ["console", "--user", "alice"],
                environment: galleryEnvironment(harness, port: port, ["WEB_MAX_CONNECTIONS": "1000"]),
                fileLimit: fileLimit)
            let home = "http://127.0.0.1:\(port)/"
            _ = try #require(await OpsHTTP.waitFor(home) { $0.status == 200 })
            #expect(bot.stderrSoFar.contains("they are cut to fit"), "the start says the cap was cut")
            #expect(bot.stderrSoFar.contains("max_connections=64"), "half of 128")

            let crowd = IdleCrowd()
            await crowd.open(250, port: port, connectTimeout: .milliseconds(500))
            guard bot.isRunning else {
                let ended = await bot.finish(timeout: .seconds(5))
                Issue.record("the bot ended (status \(ended.status)): \(ended.stderr.suffix(3000))")
                return
            }
            let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(bot.processIdentifier)/fd")
            #expect(descriptors.count < fileLimit - 16, "descriptors left: \(descriptors.count) open")
            bot.write("!gif cat\n")
            #expect(await bot.waitForOutput { $0.contains(Self.catGIF) }, "stdout: \(bot.stdoutSoFar)")
            #expect(try await OpsHTTP.get(home).status == 200, "the gallery answers through the crowd")
            #expect(!bot.stderrSoFar.contains("cannot accept connections"))
            #expect(bot.isRunning)

            await crowd.close()
            #expect(await OpsHTTP.waitFor(home) { $0.status == 200 } != nil)
            bot.closeInput()
            let result = await bot.finish(timeout: .seconds(20))
            #expect(result.status == 0, "stderr: \(result.stderr.suffix(2000))")
        }
    }
}

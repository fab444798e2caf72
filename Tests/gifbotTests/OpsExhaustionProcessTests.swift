import Foundation
import GiphyStandIn
import NIOCore
import TestServerSupport
import Testing

/// The ops endpoint of the real executable under a crowd of idle connections (issue 20, item 4):
/// the bot keeps answering chat and probes, and running out of file descriptors neither spins
/// a thread on `accept` nor ends the process.
@Suite(.timeLimit(.minutes(3))) struct OpsExhaustionProcessTests {
    /// The GIF the stand-in answers `!gif cat` with.
    static let catGIF = "(l0NwGpoOVLTAyUJSo)"

    @Test func aThousandIdleConnectionsLeaveHealthzAndGifAnswering() async throws {
        try await withConsole { harness in
            let port = try #require(try await FreePorts.allocate(1).first)
            // 1,000 connections would not even fit in the 1,024 descriptors without the cap.
            let bot = try harness.launch(
                ["console", "--user", "alice"],
                environment: harness.environment([
                    "OPS_PORT": "\(port)", "OPS_MAX_CONNECTIONS": "100", "OPS_IDLE_TIMEOUT": "60",
                ]), fileLimit: 1024)
            let healthz = "http://127.0.0.1:\(port)/healthz"
            _ = try #require(await OpsHTTP.waitFor(healthz) { $0.status == 200 })

            let crowd = IdleCrowd()
            let connected = await crowd.open(1000, port: port)
            #expect(connected == 1000, "the server keeps accepting")
            // Each connection over the cap pushed out the one idle the longest.
            #expect(
                await crowd.closedByServer.waitFor(timeout: .seconds(60)) { $0 >= 900 },
                "closed: \(crowd.closedByServer.value)")

            let health = try await OpsHTTP.get(healthz)
            #expect(health.status == 200 && health.body == "ok\n")
            bot.write("!gif cat\n")
            #expect(await bot.waitForOutput { $0.contains(Self.catGIF) }, "stdout: \(bot.stdoutSoFar)")
            // 900 pushed out by the crowd, one more by the probe: the cap kept 100 open, not fewer.
            #expect((900...902).contains(crowd.closedByServer.value), "closed: \(crowd.closedByServer.value)")
            #expect(bot.isRunning)

            await crowd.close()
            bot.closeInput()
            let result = await bot.finish(timeout: .seconds(20))
            #expect(result.status == 0)
        }
    }

    /// Since issue 31 the cap is cut to leave half of the descriptors (running out of them makes
    /// libdispatch trap), so the crowd no longer exhausts them; the bot must still neither spin
    /// nor end, and answer afterwards.
    @Test func aCapAboveTheDescriptorsIsCutAndTheBotKeepsAnswering() async throws {
        try await withConsole { harness in
            let port = try #require(try await FreePorts.allocate(1).first)
            // A cap above what the descriptors allow, as a misconfigured deployment would have.
            let fileLimit = 128
            let bot = try harness.launch(
                ["console", "--user", "alice"],
                environment: harness.environment([
                    "OPS_PORT": "\(port)", "OPS_MAX_CONNECTIONS": "1000", "OPS_IDLE_TIMEOUT": "60",
                ]), fileLimit: fileLimit)
            let healthz = "http://127.0.0.1:\(port)/healthz"
            _ = try #require(await OpsHTTP.waitFor(healthz) { $0.status == 200 })
            #expect(bot.stderrSoFar.contains("over a quarter of the open-file limit"), "the start warns about the cap")
            bot.write("!gif cat\n")
            #expect(await bot.waitForOutput { $0.contains(Self.catGIF) })

            let crowd = IdleCrowd()
            await crowd.open(250, port: port, connectTimeout: .milliseconds(500))
            let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(bot.processIdentifier)/fd")
                .count
            #expect(descriptors < fileLimit - 16, "the cut cap leaves descriptors: \(descriptors) open")
            #expect(bot.stderrSoFar.contains("they are cut to fit"))

            // A measurement over a fixed window, not a wait for an event.
            let before = try ProcessCPU.seconds(of: bot.processIdentifier)
            let window = Duration.seconds(2)
            try await Task.sleep(for: window)
            let used = try ProcessCPU.seconds(of: bot.processIdentifier) - before
            #expect(used < 0.25 * 2, "CPU seconds used in \(window) under the crowd: \(used)")
            #expect(bot.isRunning)

            await crowd.close()
            let health = await OpsHTTP.waitFor(healthz) { $0.status == 200 }
            #expect(health?.body == "ok\n")
            bot.write("!gif cat\n")
            // A second GIF (the bot avoids repeating the first one).
            #expect(
                await bot.waitForOutput { $0.components(separatedBy: "giphy.com/media/").count == 3 },
                "stdout: \(bot.stdoutSoFar)")
            #expect(bot.isRunning)

            bot.closeInput()
            let result = await bot.finish(timeout: .seconds(20))
            #expect(result.status == 0, "stderr: \(result.stderr.suffix(2000))")
        }
    }
}

/// The CPU time a process has used, from /proc.
enum ProcessCPU {
    struct Unreadable: Error {}

    static func seconds(of pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // After the command name in parentheses: state is field 3, utime 14, stime 15.
        guard let close = stat.lastIndex(of: ")") else { throw Unreadable() }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw Unreadable()
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

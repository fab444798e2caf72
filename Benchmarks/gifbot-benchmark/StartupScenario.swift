import BenchmarkSupport
import Foundation
import GiphyStandIn
import IRCTestSupport
import TestServerSupport

/// Scenario 7: process start to ready, for the console: from spawning `gifbot console` to its
/// answer to a first command that needs no GIPHY call (`!about`), i.e. configuration read,
/// store opened and migrated, client built, command answered. And to joined, on IRC: from
/// spawning `gifbot run` to its JOIN as a user already in the channel sees it, on InspIRCd
/// (+ Atheme) from the test servers.
enum StartupScenario {
    static func run(_ report: Report, runs: Int) async throws {
        progress("scenario 7: start-up")
        guard let binary = ShippedBinary.gifbot() else { return }
        let standIn = try await GiphyStandIn.start()
        var times: [Double] = [], resident: [Double] = []
        for _ in 0..<runs {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let process = gifbot(binary, ["console", "--user", "alice"], environment: environment(standIn, directory))
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            input.fileHandleForWriting.write(Data("!about\n".utf8))
            let started = ContinuousClock.now
            try ShippedBinary.startCold(process)
            _ = try output.fileHandleForReading.read(upToCount: 1)
            times.append((ContinuousClock.now - started).inSeconds * 1000)
            // The shipped binary itself, started and answering (scenario 4 runs in the benchmark's).
            if let mib = ResidentMemory.mebibytes(pid: process.processIdentifier) { resident.append(mib) }
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        report.add(
            "7 start-up", "console: start to first answer (median of \(runs))", Measure.median(times), "ms",
            target: "< 200", met: { $0 < 200 })
        report.add(
            "7 start-up", "console: gifbot's resident set after its first answer (median)", Measure.median(resident),
            "MiB",
            target: "< 25", met: { $0 < 25 })
        let joined = try await joinTimes(binary: binary, standIn: standIn, runs: runs)
        report.add(
            "7 start-up", "IRC: start to joined, InspIRCd (median of \(runs))", Measure.median(joined.times), "ms")
        report.add(
            "7 start-up", "IRC: a bare client's connect to joined (the server's own pace)",
            Measure.median(joined.bareClient), "ms")
        report.add(
            "7 start-up", "IRC: resident set joined, start-up pages released (median)", Measure.median(joined.resident),
            "MiB", target: "<= 20", met: { $0 <= 20 })
        try await standIn.stop()
    }

    /// Each run starts a fresh `gifbot run` with its own nick and stops it once it has joined.
    /// Beside it, how long a bare test client (CAP negotiation, no bot) takes from connecting
    /// to joined: InspIRCd completes registrations on its once-a-second timer, so this is the
    /// floor "as soon as the server allows" is measured against.
    /// The bot's resident set is read once it is joined and ready, after it has given back its
    /// start-up pages (its log says so), as a deployed bot's would be.
    private static func joinTimes(
        binary: URL, standIn: GiphyStandIn, runs: Int
    ) async throws -> (times: [Double], bareClient: [Double], resident: [Double]) {
        let server = try await IRCTestServer.start(.inspircdAtheme)
        var times: [Double] = [], floor: [Double] = [], resident: [Double] = []
        var failure: (any Error)?
        do {
            for run in 0..<runs {
                let started = ContinuousClock.now
                let client = try await TestIRCClient.connect(
                    port: server.ports.plain, nick: "benchbare\(run)", capabilities: ["multi-prefix"])
                try await client.join("#bench-bare")
                floor.append((ContinuousClock.now - started).inSeconds * 1000)
                await client.quit()
            }
            let channel = "#bench-startup"
            let observer = try await TestIRCClient.connect(port: server.ports.plain, nick: "benchobserver")
            try await observer.join(channel)
            for run in 0..<runs {
                let directory = try temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let nick = "gbstart\(run)"
                let readiness = OpsReadiness(opsPort: try await FreePorts.allocate(1)[0])
                let log = directory.appendingPathComponent("stderr.log")
                let process = gifbot(
                    binary, ["run"],
                    environment: environment(standIn, directory).merging([
                        "IRC_HOST": "127.0.0.1", "IRC_PORT": String(server.ports.plain), "IRC_TLS": "false",
                        "IRC_CHANNELS": channel, "IRC_NICK": nick, "OPS_PORT": String(readiness.opsPort),
                        "LOG_LEVEL": "info",
                    ]) { $1 })
                guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
                    throw BenchmarkError.childFailed("cannot create \(log.path)")
                }
                let logHandle = try FileHandle(forWritingTo: log)
                defer { try? logHandle.close() }
                process.standardError = logHandle
                let started = ContinuousClock.now
                try ShippedBinary.startCold(process)
                do {
                    _ = try await observer.waitFor(timeout: .seconds(30)) {
                        $0.command == "JOIN" && $0.sourceNick == nick
                    }
                    times.append((ContinuousClock.now - started).inSeconds * 1000)
                    try await readiness.wait(for: process, timeout: .seconds(30))
                    try await LogFile(url: log).wait(
                        for: "Start-up pages released", process: process, timeout: .seconds(30))
                    if let mib = ResidentMemory.mebibytes(pid: process.processIdentifier) { resident.append(mib) }
                } catch {
                    failure = error
                }
                process.terminate()
                process.waitUntilExit()
                if failure != nil { break }
            }
            await observer.quit()
        } catch {
            failure = error
        }
        try await server.stop()
        if let failure { throw failure }
        return (times, floor, resident)
    }

    private static func gifbot(_ binary: URL, _ arguments: [String], environment: [String: String]) -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        return process
    }

    private static func environment(_ standIn: GiphyStandIn, _ directory: URL) -> [String: String] {
        [
            "GIPHY_API_KEY": BenchBot.apiKey, "GIPHY_BASE_URL": standIn.baseURL,
            "DATABASE_URL": directory.appendingPathComponent("gifbot.sqlite").path, "LOG_LEVEL": "warning",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
    }

    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gifbot-startup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}

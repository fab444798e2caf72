import Foundation
import GiphyStandIn

/// Scenario 7: process start to ready, for the console: from spawning `gifbot console` to its
/// answer to a first command that needs no GIPHY call (`!about`), i.e. configuration read,
/// store opened and migrated, client built, command answered.
enum StartupScenario {
    static func run(_ report: Report, runs: Int) async throws {
        progress("scenario 7: start-up")
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gifbot")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            progress("  gifbot is not built next to the benchmark; skipped")
            return
        }
        let standIn = try await GiphyStandIn.start()
        var times: [Double] = []
        for _ in 0..<runs {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-startup-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let process = Process()
            process.executableURL = binary
            process.arguments = ["console", "--user", "alice"]
            process.environment = ["GIPHY_API_KEY": BenchBot.apiKey, "GIPHY_BASE_URL": standIn.baseURL,
                                   "DATABASE_URL": directory.appendingPathComponent("gifbot.sqlite").path, "LOG_LEVEL": "warning",
                                   "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            input.fileHandleForWriting.write(Data("!about\n".utf8))
            let started = ContinuousClock.now
            try process.run()
            _ = try output.fileHandleForReading.read(upToCount: 1)
            times.append(Measure.seconds(.now - started) * 1000)
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        report.add("7 start-up", "console: start to first answer (median of \(runs))", Measure.median(times), "ms",
                   target: "< 200", met: { $0 < 200 })
        try await standIn.stop()
    }
}

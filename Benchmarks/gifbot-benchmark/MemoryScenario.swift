import BenchmarkSupport
import Foundation

/// Scenario 4: resident memory of a fresh process running the bot: after start, after a first
/// batch of commands from many users over many distinct queries, and after ten times as many.
/// The bot runs in `gifbot-memory` (`MemoryWorkload`), a process of its own that links only
/// what the bot does, against the stand-in in a third process.
enum MemoryScenario {
    /// Growth from the first checkpoint to the second that still counts as "no growth":
    /// allocator noise, not a leak (issue 10: 100,000 commands raise RSS by < 10 MB after warm-up).
    static let allowedGrowthMiB = 10.0

    static func run(_ report: Report, plan: MemoryWorkload.Plan) async throws {
        progress(
            "scenario 4: memory (\(plan.firstCheckpoint) then \(plan.secondCheckpoint) commands, \(plan.users) users, \(plan.queries) queries)"
        )
        let standIn = try StandInProcess()
        defer { standIn.stop() }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("gifbot-memory")
        child.arguments = [standIn.baseURL, String(decoding: try JSONEncoder().encode(plan), as: UTF8.self)]
        // The allocation counter scripts/benchmark preloads here is not the bot's.
        child.environment = ProcessInfo.processInfo.environment.filter { $0.key != "LD_PRELOAD" }
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let data = try output.fileHandleForReading.readToEnd() ?? Data()
        child.waitUntilExit()
        guard child.terminationStatus == 0,
            let result = try? JSONDecoder().decode(MemoryWorkload.Result.self, from: data)
        else {
            throw BenchmarkError.childFailed("gifbot-memory exited with \(child.terminationStatus)")
        }
        let scenario = "4 memory"
        report.add(scenario, "RSS after start", result.afterStart, "MiB", target: "< 25", met: { $0 < 25 })
        report.add(
            scenario, "RSS after \(plan.firstCheckpoint) commands", result.afterFirst, "MiB", target: "< 40",
            met: { $0 < 40 })
        report.add(scenario, "RSS after \(plan.secondCheckpoint) commands", result.afterSecond, "MiB")
        report.add(scenario, "of which anonymous, after start", result.anonymousAfterStart, "MiB")
        report.add(
            scenario, "of which anonymous, after \(plan.firstCheckpoint) commands", result.anonymousAfterFirst, "MiB")
        report.add(
            scenario, "of which anonymous, after \(plan.secondCheckpoint) commands", result.anonymousAfterSecond, "MiB")
        report.add(
            scenario, "growth \(plan.firstCheckpoint) -> \(plan.secondCheckpoint) commands",
            result.afterSecond - result.afterFirst, "MiB",
            target: "< \(Int(allowedGrowthMiB)) (no growth)", met: { $0 < allowedGrowthMiB }, checkedOnEveryBuild: true)
        report.add(
            scenario, "commands per second (8 at a time, with misses)", Double(plan.secondCheckpoint) / result.seconds,
            "cmd/s")
    }
}

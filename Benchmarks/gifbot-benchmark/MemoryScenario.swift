import Foundation
import GifBotCore

/// Scenario 4: resident memory of a fresh process running the bot: after start, after a first
/// batch of commands from many users over many distinct queries, and after ten times as many.
/// It runs in a child process (this executable with `--memory-child`) so nothing else the
/// benchmark did is counted, against the stand-in in a third process.
enum MemoryScenario {
    struct Plan: Codable {
        var users: Int
        var queries: Int
        var firstCheckpoint: Int
        var secondCheckpoint: Int
    }

    struct Result: Codable {
        var afterStart: Double
        var afterFirst: Double
        var afterSecond: Double
        /// The anonymous part of each (heap, stacks, written data); the rest is mapped from
        /// files, mostly code pages.
        var anonymousAfterStart: Double
        var anonymousAfterFirst: Double
        var anonymousAfterSecond: Double
        var seconds: Double
    }

    /// Growth from the first checkpoint to the second that still counts as "no growth":
    /// allocator noise, not a leak (issue 10: 100,000 commands raise RSS by < 10 MB after warm-up).
    static let allowedGrowthMiB = 10.0

    static func run(_ report: Report, plan: Plan) async throws {
        progress("scenario 4: memory (\(plan.firstCheckpoint) then \(plan.secondCheckpoint) commands, \(plan.users) users, \(plan.queries) queries)")
        let standIn = try StandInProcess()
        defer { standIn.stop() }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--memory-child", standIn.baseURL, String(decoding: try JSONEncoder().encode(plan), as: UTF8.self)]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let data = try output.fileHandleForReading.readToEnd() ?? Data()
        child.waitUntilExit()
        guard child.terminationStatus == 0, let result = try? JSONDecoder().decode(Result.self, from: data) else {
            throw BenchmarkError.childFailed("memory child exited with \(child.terminationStatus)")
        }
        let scenario = "4 memory"
        report.add(scenario, "RSS after start", result.afterStart, "MiB", target: "< 25", met: { $0 < 25 })
        report.add(scenario, "RSS after \(plan.firstCheckpoint) commands", result.afterFirst, "MiB", target: "< 40", met: { $0 < 40 })
        report.add(scenario, "RSS after \(plan.secondCheckpoint) commands", result.afterSecond, "MiB")
        report.add(scenario, "of which anonymous, after start", result.anonymousAfterStart, "MiB")
        report.add(scenario, "of which anonymous, after \(plan.firstCheckpoint) commands", result.anonymousAfterFirst, "MiB")
        report.add(scenario, "of which anonymous, after \(plan.secondCheckpoint) commands", result.anonymousAfterSecond, "MiB")
        report.add(scenario, "growth \(plan.firstCheckpoint) -> \(plan.secondCheckpoint) commands", result.afterSecond - result.afterFirst, "MiB",
                   target: "< \(Int(allowedGrowthMiB)) (no growth)", met: { $0 < allowedGrowthMiB })
        report.add(scenario, "commands per second (8 at a time, with misses)", Double(plan.secondCheckpoint) / result.seconds, "cmd/s")
    }

    /// The child: start the bot, measure, run the commands, measure; print the result as JSON.
    static func child(baseURL: String, plan: Plan) async throws {
        ProcessMemory.limitAllocatorRetention() // as `gifbot` does at start
        let bench = try await BenchBot(baseURL: baseURL)
        let afterStart = Measure.residentMiB() ?? .nan, anonymousAfterStart = Measure.residentMiB("RssAnon") ?? .nan
        let started = ContinuousClock.now
        try await runCommands(bench, plan: plan, range: 0..<plan.firstCheckpoint)
        let afterFirst = Measure.residentMiB() ?? .nan, anonymousAfterFirst = Measure.residentMiB("RssAnon") ?? .nan
        try await runCommands(bench, plan: plan, range: plan.firstCheckpoint..<plan.secondCheckpoint)
        let afterSecond = Measure.residentMiB() ?? .nan, anonymousAfterSecond = Measure.residentMiB("RssAnon") ?? .nan
        let result = Result(afterStart: afterStart, afterFirst: afterFirst, afterSecond: afterSecond,
                            anonymousAfterStart: anonymousAfterStart, anonymousAfterFirst: anonymousAfterFirst,
                            anonymousAfterSecond: anonymousAfterSecond, seconds: Measure.seconds(.now - started))
        FileHandle.standardOutput.write(try JSONEncoder().encode(result))
        await bench.finish()
    }

    /// Commands numbered `range`, eight at a time; each number always draws the same command.
    private static func runCommands(_ bench: BenchBot, plan: Plan, range: Range<Int>) async throws {
        let workers = 8
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    for index in stride(from: range.lowerBound + worker, to: range.upperBound, by: workers) {
                        var generator = SplitMix(seed: UInt64(index))
                        let user = Int(generator.next() % UInt64(plan.users))
                        let command = switch generator.next() % 10 {
                        case 0..<7: "!gif topic \(generator.next() % UInt64(plan.queries))"
                        case 7..<9: "!more"
                        default: "!trending 1"
                        }
                        await bench.say(command, user: user)
                    }
                }
            }
        }
    }
}

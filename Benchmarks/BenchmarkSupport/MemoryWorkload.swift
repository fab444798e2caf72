import Foundation
import GifBotCore
import ProcessTuning
import SeededRandom

/// Scenario 4's bot at work, in a process of its own (`gifbot-memory`): start the bot, measure,
/// run commands from many users over many distinct queries, measure, run ten times as many,
/// measure. That process holds the bot's modules, linked as `gifbot` is, and nothing of the
/// benchmark's (no allocation counter), so what it holds is the bot's.
public enum MemoryWorkload {
    public struct Plan: Codable, Sendable {
        public var users: Int
        public var queries: Int
        public var firstCheckpoint: Int
        public var secondCheckpoint: Int

        public init(users: Int, queries: Int, firstCheckpoint: Int, secondCheckpoint: Int) {
            self.users = users
            self.queries = queries
            self.firstCheckpoint = firstCheckpoint
            self.secondCheckpoint = secondCheckpoint
        }
    }

    public struct Result: Codable, Sendable {
        public var afterStart: Double
        public var afterFirst: Double
        public var afterSecond: Double
        /// The anonymous part of each (heap, stacks, written data); the rest is mapped from
        /// files, mostly code pages.
        public var anonymousAfterStart: Double
        public var anonymousAfterFirst: Double
        public var anonymousAfterSecond: Double
        public var seconds: Double
    }

    /// Runs `plan` against the GIPHY stand-in at `baseURL`.
    public static func run(baseURL: String, plan: Plan) async throws -> Result {
        ProcessMemory.limitAllocatorRetention()  // as `gifbot` does at start
        let bench = try await BenchBot(baseURL: baseURL)
        let afterStart = ResidentMemory.mebibytes() ?? .nan,
            anonymousAfterStart = ResidentMemory.mebibytes("RssAnon") ?? .nan
        let started = ContinuousClock.now
        await runCommands(bench, plan: plan, range: 0..<plan.firstCheckpoint)
        let afterFirst = ResidentMemory.mebibytes() ?? .nan,
            anonymousAfterFirst = ResidentMemory.mebibytes("RssAnon") ?? .nan
        await runCommands(bench, plan: plan, range: plan.firstCheckpoint..<plan.secondCheckpoint)
        let afterSecond = ResidentMemory.mebibytes() ?? .nan,
            anonymousAfterSecond = ResidentMemory.mebibytes("RssAnon") ?? .nan
        let elapsed = ContinuousClock.now - started
        await bench.finish()
        return Result(
            afterStart: afterStart, afterFirst: afterFirst, afterSecond: afterSecond,
            anonymousAfterStart: anonymousAfterStart, anonymousAfterFirst: anonymousAfterFirst,
            anonymousAfterSecond: anonymousAfterSecond,
            seconds: elapsed.inSeconds)
    }

    /// Commands numbered `range`, eight at a time; each number always draws the same command.
    private static func runCommands(_ bench: BenchBot, plan: Plan, range: Range<Int>) async {
        let workers = 8
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    for index in stride(from: range.lowerBound + worker, to: range.upperBound, by: workers) {
                        var generator = SplitMix64(seed: UInt64(index))
                        let user = Int(generator.next() % UInt64(plan.users))
                        let command =
                            switch generator.next() % 10 {
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

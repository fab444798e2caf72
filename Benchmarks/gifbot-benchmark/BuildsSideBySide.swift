import BenchmarkSupport
import Foundation
import GiphyStandIn
import MatrixTestSupport
import TestServerSupport

/// Scenario 13: two builds of the bot side by side, each in a plain Matrix room of its own on
/// one Synapse, answering cache-miss `!gif` commands in turns (`--baseline PATH`: another
/// `gifbot` executable; by default the build beside the benchmark against itself, which shows
/// how far apart two equal bots read). This VM's speed drifts by a tenth from one run of
/// scenario 9 to the next, more than most changes are worth; here both builds run at once, a
/// command each in alternating order, so the drift falls on both alike, and each round's ratio
/// of their CPU compares them under the same conditions.
enum BuildsSideBySide {
    struct Plan: Sendable {
        /// Rounds, each with the CPU of both bots read around it.
        var rounds: Int
        /// Commands to each bot in a round, after two warm-up commands each.
        var commands: Int
    }

    /// One bot of the two, and its CPU per 100 commands in each round.
    private struct Side {
        let name: String
        let bot: OneRoomGifBot
        let user: String
        var cpuPer100: [Double] = []
    }

    static func run(_ report: Report, plan: Plan, baseline: URL?) async throws {
        progress("scenario 13: two builds side by side in plain Matrix rooms")
        guard let binary = ShippedBinary.gifbot() else { return }
        let server = try await SynapseServer.start()
        let standIn = try await GiphyStandIn.start()
        MatrixScenario.answerEachSearchWithANewGIF(standIn)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-builds-\(UUID())")
        var started: [OneRoomGifBot] = []
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let aliceUser = try await server.registerUser("abalice", password: "ab-alice-password")
            let alice = MatrixTestClient(server: server, user: aliceUser)
            var sides: [Side] = []
            for (name, executable) in [("this build", binary), ("baseline", baseline ?? binary)] {
                let user = try await server.registerUser("ab\(sides.count)", password: "ab-bot-password")
                let bot = try await OneRoomGifBot.start(
                    executable, user: user, alice: alice, server: server, standIn: standIn,
                    database: directory.appendingPathComponent("gifbot-\(sides.count).sqlite"), roomName: name)
                started.append(bot)
                sides.append(Side(name: name, bot: bot, user: user.userID))
            }
            try await measure(&sides, plan: plan, alice: alice)
            add(report, sides)
        } catch {
            stop(started)
            try? await standIn.stop()
            try? await server.stop()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        stop(started)
        try? await standIn.stop()
        try await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func measure(_ sides: inout [Side], plan: Plan, alice: MatrixTestClient) async throws {
        var count = 0
        func command(to side: Side) async throws {
            count += 1
            _ = try await OneRoomGifBot.timedImageReply(
                to: "!gif ab \(count)", in: side.bot.room, from: side.user, alice: alice, wait: side.bot.wait)
        }
        // The first upload and the connection pools, for both.
        for _ in 0..<2 { for side in sides { try await command(to: side) } }
        for round in 0..<plan.rounds {
            let cpu = sides.map { ThreadCPU(pid: $0.bot.process.processIdentifier) }
            let before = cpu.map { $0.seconds() }
            for index in 0..<plan.commands {
                // Each bot goes first in half the turns.
                let order = (round + index).isMultiple(of: 2) ? Array(sides.indices) : sides.indices.reversed()
                for side in order { try await command(to: sides[side]) }
                // Threads that end take their time with them: read often.
                for reader in cpu { _ = reader.seconds() }
            }
            for side in sides.indices {
                sides[side].cpuPer100.append((cpu[side].seconds() - before[side]) / Double(plan.commands) * 100)
            }
            progress(
                "  round \(round + 1): CPU per 100 !gif, "
                    + sides.map { "\($0.name) \(Report.format($0.cpuPer100[round])) s" }.joined(separator: ", "))
        }
    }

    private static func add(_ report: Report, _ sides: [Side]) {
        let section = "13 Builds"
        for side in sides {
            report.add(
                section, "\(side.name): CPU per 100 cache-miss !gif (median of \(side.cpuPer100.count) rounds)",
                Measure.median(side.cpuPer100), "s")
        }
        let ratios = zip(sides[0].cpuPer100, sides[1].cpuPer100).map { $0 / $1 }
        report.add(
            section, "this build's CPU against the baseline's (median of the rounds' ratios)", Measure.median(ratios),
            "ratio")
    }

    private static func stop(_ bots: [OneRoomGifBot]) {
        for bot in bots {
            bot.process.terminate()
            bot.process.waitUntilExit()
        }
    }
}

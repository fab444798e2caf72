import BenchmarkSupport
import Foundation
import GiphyStandIn
import MatrixTestSupport
import TestServerSupport

/// Scenario 12: GifBot beside a Python bot on Matrix (issue 34's table, redone on this machine).
/// One Synapse and one GIPHY stand-in serve, in turns, the shipped `gifbot run` and maubot
/// (`Benchmarks/maubot-giphy`, a GIPHY plugin run by maubot's standalone mode), each in a plain
/// room of its own with alice, answering the same cache-miss `!gif` commands with the same
/// 1.4 MB rendition uploaded. The bots alternate run by run, so the machine's drift falls on both.
/// Each bot's CPU is read from its process's threads around a round of commands, its resident
/// set after two warm-up commands.
enum PythonBotScenario {
    struct Plan: Sendable {
        /// Runs of each bot, alternating.
        var runs: Int
        /// Commands in a run's measured round, after two warm-up commands.
        var commands: Int
    }

    /// One bot's figures in one run.
    struct Figures {
        var cpuPer100: Double
        var latencies: [Double]
        var resident: Double?
    }

    static func run(_ report: Report, plan: Plan) async throws {
        progress("scenario 12: GifBot beside maubot (Python) in a plain Matrix room")
        guard let binary = ShippedBinary.gifbot() else { return }
        let python = try Maubot.python()
        let server = try await SynapseServer.start()
        let standIn = try await GiphyStandIn.start()
        MatrixScenario.answerEachSearchWithANewGIF(standIn)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-python-bot-\(UUID())")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let aliceUser = try await server.registerUser("cmpalice", password: "cmp-alice-password")
            let alice = MatrixTestClient(server: server, user: aliceUser)
            var gifbot: [Figures] = [], maubot: [Figures] = []
            for run in 0..<plan.runs {
                gifbot.append(
                    try await measureGifBot(
                        binary, run: run, plan: plan, server: server, standIn: standIn, alice: alice,
                        directory: directory))
                maubot.append(
                    try await measureMaubot(
                        python, run: run, plan: plan, server: server, standIn: standIn, alice: alice,
                        directory: directory))
                progress(
                    "  run \(run + 1): CPU per 100 !gif, GifBot \(Report.format(gifbot[run].cpuPer100)) s, "
                        + "maubot \(Report.format(maubot[run].cpuPer100)) s")
            }
            add(report, bot: "GifBot", gifbot)
            add(report, bot: "maubot", maubot)
            let ratio = Measure.median(gifbot.map(\.cpuPer100)) / Measure.median(maubot.map(\.cpuPer100))
            report.add("12 Python bot", "GifBot's CPU per command against maubot's", ratio, "ratio")
        } catch {
            try? await standIn.stop()
            try? await server.stop()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        try? await standIn.stop()
        try await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func add(_ report: Report, bot: String, _ runs: [Figures]) {
        let section = "12 Python bot"
        report.add(
            section, "\(bot): CPU per 100 cache-miss !gif (median of \(runs.count) runs)",
            Measure.median(runs.map(\.cpuPer100)), "s")
        report.add(section, "\(bot): reply p50, sent to seen", Measure.percentile(runs.flatMap(\.latencies), 50), "ms")
        let resident = runs.compactMap(\.resident)
        if !resident.isEmpty {
            report.add(section, "\(bot): resident set after two commands", Measure.median(resident), "MiB")
        }
    }

    private static func measureGifBot(
        _ binary: URL, run: Int, plan: Plan, server: SynapseServer, standIn: GiphyStandIn, alice: MatrixTestClient,
        directory: URL
    ) async throws -> Figures {
        let botUser = try await server.registerUser("cmpgifbot\(run)", password: "cmp-gifbot-password")
        let gifbot = try await OneRoomGifBot.start(
            binary, user: botUser, alice: alice, server: server, standIn: standIn,
            database: directory.appendingPathComponent("gifbot-\(run).sqlite"), roomName: "gifbot \(run)")
        defer {
            gifbot.process.terminate()
            gifbot.process.waitUntilExit()
        }
        return try await measure(
            pid: gifbot.process.processIdentifier, bot: botUser.userID, room: gifbot.room, prefix: "gifbot \(run)",
            plan: plan, alice: alice, wait: gifbot.wait)
    }

    private static func measureMaubot(
        _ python: String, run: Int, plan: Plan, server: SynapseServer, standIn: GiphyStandIn,
        alice: MatrixTestClient, directory: URL
    ) async throws -> Figures {
        let botUser = try await server.registerUser("cmpmaubot\(run)", password: "cmp-maubot-password")
        // In the room before it starts: the plugin answers what arrives after, however its first
        // sync falls.
        let room = try await alice.createRoom(name: "maubot \(run)", invite: [botUser.userID])
        _ = try await MatrixTestClient(server: server, user: botUser).join(room)
        let folder = directory.appendingPathComponent("maubot-\(run)")
        let process = try Maubot.process(
            python: python, user: botUser, server: server, standIn: standIn, folder: folder)
        try process.run()
        do {
            let figures = try await measure(
                pid: process.processIdentifier, bot: botUser.userID, room: room, prefix: "maubot \(run)", plan: plan,
                alice: alice, wait: .seconds(60))
            await Maubot.stop(process)
            return figures
        } catch {
            await Maubot.stop(process)
            throw error
        }
    }

    /// Two warm-up commands (the first upload, the connection pools; for maubot, its start),
    /// then one round of cache-miss commands with the bot's CPU read around it.
    private static func measure(
        pid: Int32, bot: String, room: String, prefix: String, plan: Plan, alice: MatrixTestClient, wait: Duration
    ) async throws -> Figures {
        var index = 0
        func command() async throws -> Double {
            index += 1
            return try await OneRoomGifBot.timedImageReply(
                to: "!gif cmp \(prefix) \(index)", in: room, from: bot, alice: alice, wait: wait)
        }
        for _ in 0..<2 { _ = try await command() }
        let resident = ResidentMemory.mebibytes(pid: pid)
        let cpu = ThreadCPU(pid: pid)
        let before = cpu.seconds()
        var latencies: [Double] = []
        for _ in 0..<plan.commands {
            latencies.append(try await command())
            _ = cpu.seconds()
        }
        let cpuPer100 = (cpu.seconds() - before) / Double(plan.commands) * 100
        return Figures(cpuPer100: cpuPer100, latencies: latencies, resident: resident)
    }
}

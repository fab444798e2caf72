import BenchmarkSupport
import Foundation
import MatrixTestSupport

extension ScaleScenario {
    /// A second bot of the same build and configuration, on its own account and database, in
    /// one room of the same homeserver: the one-room figure measured beside the thousand-room
    /// bot, command for command. The one-room run at the scenario's start is measured on a
    /// homeserver without the thousand rooms and twenty minutes earlier; on this VM, whose speed
    /// drifts by tens of percent within minutes, that comparison holds the homeserver's size and
    /// the hour along with the bot's rooms (`Docs/performance.md`, "A thousand rooms").
    struct SoloBot {
        let bot: ScaleBot
        let user: String
        /// The solo bot's account seen from another device of it, to see it join its room.
        let account: MatrixTestClient
        let database: URL
    }

    /// The two bots' timed answers of one side-by-side series.
    struct SideBySide {
        var many: [Double] = []
        var one: [Double] = []
    }
}

extension ScaleScenario.Session {
    /// Starts the solo bot beside the running thousand-room bot, then times `2 × plan.commands`
    /// pairs of `!about`: alice asks the solo bot in its room and the thousand-room bot in the
    /// reference room, in turn, each answer awaited before the next command. Which bot goes
    /// first alternates, so that neither always answers right after the other.
    func sideBySide(
        _ report: Report, many running: ScaleBot.Running, room: String, soloRoom: String
    ) async throws {
        let section = ScaleScenario.section
        try await solo.bot.running(channels: [], database: solo.database) { soloRunning in
            _ = try await solo.bot.waitUntilReady(soloRunning, timeout: generous)
            _ = try await ScaleProbes.waitForRooms(solo.account, count: 1, running: soloRunning, timeout: generous)
            _ = try await ScaleProbes.reply(alice, room: soloRoom, bot: solo.user, timeout: generous)  // warm-up
            _ = try await ScaleProbes.reply(alice, room: room, bot: botUser, timeout: generous)  // warm-up

            let mark = HomeserverRequests.mark(accessLog)
            let manyCPU = running.cpu.seconds()
            let oneCPU = soloRunning.cpu.seconds()
            var series = ScaleScenario.SideBySide()
            let pairs = 2 * plan.commands
            // Each bot: its room, its account, and the series its answers go to.
            let bots: [(room: String, user: String, series: WritableKeyPath<ScaleScenario.SideBySide, [Double]>)] = [
                (soloRoom, solo.user, \.one), (room, botUser, \.many),
            ]
            for pair in 0..<pairs {
                for bot in pair.isMultiple(of: 2) ? bots : bots.reversed() {
                    series[keyPath: bot.series].append(
                        try await ScaleProbes.reply(alice, room: bot.room, bot: bot.user, timeout: generous))
                }
                // A worker thread that ends keeps the time it was last seen with.
                _ = running.cpu.seconds()
                _ = soloRunning.cpu.seconds()
            }
            let read = HomeserverRequests.read(accessLog, after: mark, users: [botUser, solo.user])
            let manyP50 = Measure.percentile(series.many, 50)
            let oneP50 = Measure.percentile(series.one, 50)
            let label = "side by side, \(pairs) commands each"
            report.add(section, "\(label): one-room bot's !about reply p50", oneP50, "ms")
            report.add(section, "\(label): \(plan.rooms)-room bot's !about reply p50", manyP50, "ms")
            report.add(
                section, "\(label): reply p50 in \(plan.rooms) rooms against one room's",
                (manyP50 / oneP50 - 1) * 100, "%", target: "<= 20", met: { $0 <= 20 })
            report.add(
                section, "\(label): one-room bot's CPU per !about",
                (soloRunning.cpu.seconds() - oneCPU) / Double(pairs) * 1000, "ms")
            report.add(
                section, "\(label): \(plan.rooms)-room bot's CPU per !about",
                (running.cpu.seconds() - manyCPU) / Double(pairs) * 1000, "ms")
            for (name, user) in [("one-room", solo.user), ("\(plan.rooms)-room", botUser)] {
                let requests = read[user] ?? HomeserverRequests()
                let syncs = Double(max(1, requests.counts["sync"] ?? 0))
                report.add(
                    section, "\(label): homeserver's CPU per /sync of the \(name) bot",
                    requests.syncCPUSeconds / syncs * 1000, "ms")
                report.add(
                    section, "\(label): homeserver's database time per /sync of the \(name) bot",
                    requests.syncDatabaseSeconds / syncs * 1000, "ms")
            }
        }
    }
}

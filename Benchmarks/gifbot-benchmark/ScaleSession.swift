import BenchmarkSupport
import Foundation
import IRCTestSupport
import MatrixTestSupport

extension ScaleScenario {
    /// The runs of scenario 11 on servers that are up, with its users registered.
    struct Session {
        let plan: Plan
        let bot: ScaleBot
        let botUser: String
        let botAccount: MatrixTestClient
        let owner: MatrixTestClient
        /// Talks to the bot in the reference room only, so her syncs stay those of one room.
        let alice: MatrixTestClient
        /// In the first channel, where the bot is asked on IRC.
        let observer: TestIRCClient
        let channels: [String]
        let synapse: SynapseServer
        let database: URL
        /// The same build in one room beside it (`sideBySide`).
        let solo: SoloBot

        /// Long enough for the full run's thousand rooms on two busy cores.
        var generous: Duration { .seconds(120 + plan.rooms) }
        var accessLog: URL { synapse.directory.appendingPathComponent("homeserver.log") }

        func run(_ report: Report, emptyDatabase: URL) async throws {
            let room = try await alice.createRoom(name: "scale reference", invite: [botUser])
            let soloRoom = try await alice.createRoom(name: "scale solo reference", invite: [solo.user])
            let oneRoom = try await bot.running(channels: [channels[0]], database: database) { running in
                _ = try await bot.waitUntilReady(running, timeout: generous)
                _ = try await ScaleProbes.waitForRooms(botAccount, count: 1, running: running, timeout: generous)
                _ = try await ScaleProbes.reply(alice, room: room, bot: botUser, timeout: generous)  // warm-up
                return try await twoSeries(running, room: room)
            }
            oneRoom.first.report(report, "one room, one channel, first \(plan.commands)")
            oneRoom.then.report(report, "one room, one channel, next \(plan.commands)")

            let made = try await ScaleRooms.make(
                count: plan.rooms - 1, plan: plan, server: synapse, owner: owner, bot: botUser)
            report.add(
                section,
                "making \(made.roomIDs.count) rooms (\(made.encrypted) encrypted, \(made.joins) member joins,"
                    + " \(plan.memberPool) members x \(plan.devicesPerMember) devices)",
                made.seconds, "s")

            let joining = try await bot.running(channels: channels, database: database) { running in
                let rooms = try await ScaleProbes.waitForRooms(
                    botAccount, count: plan.rooms, running: running, timeout: generous)
                let joined = max(rooms, try await bot.waitUntilReady(running, timeout: generous))
                // An answer after the joins: the bot has handled the batches that brought the
                // rooms and stored a position past them, as a bot that ran a while has. Stopped
                // earlier, its restart would sync every room anew.
                _ = try await ScaleProbes.reply(alice, room: room, bot: botUser, timeout: generous)
                return joined
            }
            report.add(
                section, "first run: joining \(plan.rooms - 1) rooms on invitation and \(plan.channels) channels",
                joining, "s")

            try await measureRestart(report, room: room, soloRoom: soloRoom, oneRoom: oneRoom)
            try await measureInitialSync(report, database: emptyDatabase)
        }

        /// The bot started again on its database, in every room and channel: what an operator's
        /// restart costs. Ready means `/readyz` ready and a command answered on each network.
        private func measureRestart(
            _ report: Report, room: String, soloRoom: String, oneRoom: TwoSeries
        ) async throws {
            let mark = HomeserverRequests.mark(accessLog)
            try await bot.running(channels: channels, database: database) { running in
                // Sent at once: the bot answers what was said since its stored sync position.
                let matrixAnswer = try await ScaleProbes.reply(alice, room: room, bot: botUser, timeout: generous)
                let matrixSeconds = running.elapsed
                _ = running.cpu.seconds()
                let readySeconds = try await bot.waitUntilReady(running, timeout: generous)
                _ = try await ScaleProbes.reply(observer, channel: channels[0], botNick: botNick, timeout: generous)
                let bothSeconds = max(matrixSeconds, running.elapsed)
                let startCPU = running.cpu.seconds()
                let peak = ResidentMemory.mebibytes("VmHWM", pid: running.pid)
                let requests = HomeserverRequests.read(accessLog, after: mark, user: botUser)
                let scale = "\(plan.rooms) rooms, \(plan.channels) channels"
                report.add(
                    section, "restart, \(scale): start to answering on Matrix and IRC", bothSeconds, "s",
                    target: "<= 30", met: { $0 <= 30 })
                report.add(section, "restart: start to /readyz ready", readySeconds, "s")
                report.add(section, "restart: the first Matrix answer (sent at spawn)", matrixAnswer / 1000, "s")
                report.add(section, "restart: CPU until ready", startCPU, "s")
                // The thousand-room memory target holds for the whole life, start included.
                report.add(
                    section, "restart: peak resident set until ready", peak, "MiB", target: "<= 64", met: { $0 <= 64 })
                report.add(section, "restart: homeserver requests until ready", Double(requests.total), "requests")
                report.add(
                    section, "restart: homeserver's time on the bot's first /sync", requests.firstSyncSeconds, "s")
                report.add(
                    section, "restart: homeserver's time on the bot's other requests", requests.serverSeconds, "s")

                let (first, then) = try await twoSeries(running, room: room)
                first.report(report, "\(scale), first \(plan.commands)")
                then.report(report, "\(scale), next \(plan.commands)")
                report.add(
                    section, "reply p50 against one room's, first \(plan.commands) commands",
                    (first.p50 / oneRoom.first.p50 - 1) * 100, "%")
                // Against the one-room run of the scenario's start: another homeserver (without the
                // thousand rooms) and another hour. The target is held side by side, below.
                report.add(
                    section, "reply p50 against one room's, next \(plan.commands) commands",
                    (then.p50 / oneRoom.then.p50 - 1) * 100, "%")
                let idle = try await ScaleProbes.idleCPU(running, seconds: plan.idleSeconds)
                report.add(
                    section, "idle CPU, \(plan.idleSeconds) s", idle, "ms/s", target: "<= 2", met: { $0 <= 2 })
                let settled = ResidentMemory.mebibytes(pid: running.pid)
                report.add(
                    section, "resident set after, \(scale)", settled, "MiB", target: "<= 64", met: { $0 <= 64 })
                try await sideBySide(report, many: running, room: room, soloRoom: soloRoom)
            }
        }

        /// `plan.commands` answers in the reference room, timed, and the bot's CPU for each.
        private func replies(
            _ running: ScaleBot.Running, room: String
        ) async throws -> Replies {
            let before = running.cpu.seconds()
            let mark = HomeserverRequests.mark(accessLog)
            var latencies: [Double] = []
            for _ in 0..<plan.commands {
                latencies.append(try await ScaleProbes.reply(alice, room: room, bot: botUser, timeout: generous))
                _ = running.cpu.seconds()  // a worker thread that ends keeps the time it was last seen with
            }
            let cpuPerCommand = (running.cpu.seconds() - before) / Double(max(1, plan.commands)) * 1000
            let read = HomeserverRequests.read(accessLog, after: mark, users: [botUser, alice.user.userID])
            let botSyncs = read[botUser] ?? HomeserverRequests()
            let aliceSyncs = read[alice.user.userID] ?? HomeserverRequests()
            let botSyncCount = Double(max(1, botSyncs.counts["sync"] ?? 0))
            let perCommand = Double(max(1, plan.commands))
            return Replies(
                latencies: latencies, cpuPerCommand: cpuPerCommand,
                botSyncCPU: botSyncs.syncCPUSeconds / botSyncCount * 1000,
                botSyncDatabase: botSyncs.syncDatabaseSeconds / botSyncCount * 1000,
                aliceSyncCPU: aliceSyncs.syncCPUSeconds / Double(max(1, aliceSyncs.counts["sync"] ?? 0)) * 1000,
                otherRequests: (botSyncs.serverSeconds + aliceSyncs.serverSeconds) / perCommand * 1000)
        }

        /// `replies` twice: the first commands after a start meet the homeserver's caches as the
        /// last joins left them (in a thousand rooms, every member's); the next, those of a bot
        /// that has been answering a while (`Docs/performance.md`, "A thousand rooms").
        private func twoSeries(
            _ running: ScaleBot.Running, room: String
        ) async throws -> TwoSeries {
            let first = try await replies(running, room: room)
            return (first, try await replies(running, room: room))
        }

        typealias TwoSeries = (first: Replies, then: Replies)

        /// The timed answers of `replies`, and where their time went besides the bot.
        struct Replies {
            var latencies: [Double]
            var cpuPerCommand: Double
            /// The homeserver's CPU per `/sync` of the bot and of alice while they were asked,
            /// in ms: the homeserver's part of a slower reply.
            var botSyncCPU: Double
            /// The homeserver's database time per `/sync` of the bot, in ms.
            var botSyncDatabase: Double
            var aliceSyncCPU: Double
            /// The homeserver's time per command on the bot's and the asker's other requests
            /// (the sends), in ms.
            var otherRequests: Double

            var p50: Double { Measure.percentile(latencies, 50) }

            func report(_ report: Report, _ scale: String) {
                report.add(section, "\(scale): !about reply p50", p50, "ms")
                // Beside the time: whether a slower reply is the bot's doing or the homeserver's.
                report.add(section, "\(scale): bot's CPU per !about", cpuPerCommand, "ms")
                report.add(section, "\(scale): homeserver's CPU per /sync of the bot", botSyncCPU, "ms")
                report.add(section, "\(scale): homeserver's database time per /sync of the bot", botSyncDatabase, "ms")
                report.add(section, "\(scale): homeserver's CPU per /sync of the asker", aliceSyncCPU, "ms")
                report.add(
                    section, "\(scale): homeserver's time per command on the other requests (sends)", otherRequests,
                    "ms")
            }
        }

        /// The bot on an empty database: a new login and the full initial sync of every room,
        /// as after a lost database or on moving to a new host.
        private func measureInitialSync(_ report: Report, database: URL) async throws {
            let mark = HomeserverRequests.mark(accessLog)
            try await bot.running(channels: channels, database: database) { running in
                let ready = try await bot.waitUntilReady(running, timeout: generous)
                let cpu = running.cpu.seconds()
                let requests = HomeserverRequests.read(accessLog, after: mark, user: botUser)
                report.add(section, "empty database: start to /readyz ready (initial sync)", ready, "s")
                report.add(section, "empty database: CPU until ready", cpu, "s")
                report.add(
                    section, "empty database: peak resident set until ready",
                    ResidentMemory.mebibytes("VmHWM", pid: running.pid), "MiB", target: "<= 64", met: { $0 <= 64 })
                report.add(
                    section, "empty database: homeserver requests until ready", Double(requests.total), "requests")
                report.add(
                    section, "empty database: homeserver's time on the bot's first /sync", requests.firstSyncSeconds,
                    "s")
                report.add(
                    section, "empty database: homeserver's time on the bot's other requests", requests.serverSeconds,
                    "s")
                for kind in requests.counts.keys.sorted() {
                    report.add(
                        section, "empty database: \(kind) requests until ready",
                        Double(requests.counts[kind] ?? 0), "requests")
                }
            }
        }
    }
}

import BenchmarkSupport
import Foundation
import GiphyStandIn
import MatrixTestSupport
import TestServerSupport

/// Scenario 9 (issue 34): the shipped `gifbot run` on Matrix, on a real Synapse (the test
/// harness's), answering cache-miss `!gif` commands in a plain room with inline GIFs of real
/// size: every command a GIF not seen before, whose 1.4 MB rendition is downloaded from the
/// GIPHY stand-in and uploaded, with its thumbnail (the 3.7 kB still of its first frame). The
/// bot is its own process, so its CPU (user + system, from /proc), resident set and bytes
/// written to disk are its own; alice is a test client in this process, timing each command
/// from sending it to seeing the reply. Each room ends with a soak (`MatrixMemoryGrowth`).
enum MatrixScenario {
    struct Plan: Sendable {
        var commands: Int
        var rounds: Int
        var idleSeconds: Int
        /// Users in the encrypted room besides the peer, each with one cross-signed device: the
        /// devices the bot's first reply shares its room key with (the peer's is one more).
        var encryptedRoomMembers: Int
        /// Commands after the measured ones in each room, over which memory must not grow
        /// (`MatrixMemoryGrowth`).
        var growthCommands: Int
    }

    /// The renditions every GIF has, as GIPHY's search gives them (sizes in bytes), with the
    /// still of its first frame (3.7 kB: the median of the stills in the recorded answers).
    static let renditions: [(name: String, size: Int, width: Int)] = [
        ("fixed_width_small_still", 3_700, 100), ("fixed_width_small", 95_000, 100), ("fixed_width", 380_000, 200),
        ("downsized", 1_400_000, 480), ("original", 2_600_000, 480),
    ]

    /// A figure that fails the run on any build (`Figure.checkedOnEveryBuild`), as scenario 4's
    /// growth does; so do the memory growth checks (`MatrixMemoryGrowth`).
    static let runawayCheck = "idle after the first minute: no loop running (any build)"

    static func run(_ report: Report, plan: Plan) async throws {
        progress("scenario 9: Matrix, cache-miss !gif with real-size GIFs on Synapse")
        guard let binary = ShippedBinary.gifbot() else { return }
        let server = try await SynapseServer.start()
        let standIn = try await GiphyStandIn.start()
        // In both rooms (the encrypted room's commands come from its peer, not from here).
        answerEachSearchWithANewGIF(standIn)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-matrix-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var bot: Process?
        do {
            let botUser = try await server.registerUser("benchbot", password: "bench-bot-password")
            let aliceUser = try await server.registerUser("benchalice", password: "bench-alice-password")
            let alice = MatrixTestClient(server: server, user: aliceUser)
            let gifbot = try await OneRoomGifBot.start(
                binary, user: botUser, alice: alice, server: server, standIn: standIn,
                database: directory.appendingPathComponent("gifbot.sqlite"), roomName: "bench")
            let (process, room, wait) = (gifbot.process, gifbot.room, gifbot.wait)
            bot = process
            let pid = process.processIdentifier
            let joinedResident = ResidentMemory.mebibytes(pid: pid)
            var index = 0
            func command() async throws -> Double {
                index += 1
                return try await OneRoomGifBot.timedImageReply(
                    to: "!gif bench \(index)", in: room, from: botUser.userID, alice: alice, wait: wait)
            }
            for _ in 0..<2 { _ = try await command() }  // the first upload, the connection pools
            let cpu = ThreadCPU(pid: pid)
            var cpuPer100: [Double] = [], latencies: [Double] = []
            let written = ProcessCounters.writtenBytes(pid: pid)
            let accessLog = server.directory.appendingPathComponent("homeserver.log")
            let logMark = HomeserverRequests.mark(accessLog)
            let perRound = max(1, plan.commands / plan.rounds)
            try await ProfileMarks.mark("plain-start")
            for _ in 0..<plan.rounds {
                let before = cpu.seconds()
                for _ in 0..<perRound {
                    latencies.append(try await command())
                    _ = cpu.seconds()
                }
                cpuPer100.append((cpu.seconds() - before) / Double(perRound) * 100)
            }
            try await ProfileMarks.mark("plain-end")
            let measured = Double(perRound * plan.rounds)
            let writtenPerCommand = Double(ProcessCounters.writtenBytes(pid: pid) - written) / measured / 1024
            let requests = HomeserverRequests.read(accessLog, after: logMark, user: botUser.userID)
            // Idle is read from a minute after the last command, which is also after the bot's
            // first minute: what runs on a timer of a minute (the preview sweep's longest sleep)
            // shows only then (a loop that spun once that minute had passed went unseen by a
            // window inside it), and what a command leaves for later is done by then, not idling
            // (the HTTP pool closes the connections left idle for its minute, which a window 65 s
            // after the start caught when the commands ended a few seconds after it).
            try await Task.sleep(for: .seconds(65))
            let idleBefore = cpu.seconds()
            // Sampled four times a second: a thread that ends keeps the time it was last seen with.
            for _ in 0..<(plan.idleSeconds * 4) {
                try await Task.sleep(for: .milliseconds(250))
                _ = cpu.seconds()
            }
            let idle = (cpu.seconds() - idleBefore) / Double(plan.idleSeconds) * 1000
            let section = "9 Matrix"
            report.add(
                section, "plain room: CPU per 100 cache-miss !gif (median of \(plan.rounds) rounds)",
                Measure.median(cpuPer100), "s", target: "<= 0.4", met: { $0 <= 0.4 })
            report.add(section, "plain room: reply p50, sent to seen", Measure.percentile(latencies, 50), "ms")
            report.add(section, "plain room: reply p90", Measure.percentile(latencies, 90), "ms")
            report.add(section, "bytes written to disk per command", writtenPerCommand, "KiB")
            reportRequests(report, section: section, lead: "", requests, commands: measured)
            // What the reply waited for on the homeserver, beside the bot's own time: the
            // uploads and the send (alice's send and her /sync are hers).
            report.add(
                section, "homeserver's time on the bot's requests per command",
                requests.serverSeconds / measured * 1000,
                "ms")
            report.add(
                section, "idle CPU, \(plan.idleSeconds) s from a minute after the last command", idle, "ms/s",
                target: "<= 0.2",
                met: { $0 <= 0.2 })
            // Checked on every build, the debug one in scripts/test too: a loop that spins when
            // idle costs hundreds of ms a second, far above any build's idle (not under
            // link-order's callgrind, which slows everything fifty times).
            if ShippedBinary.matrixBotWrapper == nil {
                report.add(
                    section, Self.runawayCheck, idle, "ms/s", target: "< 20", met: { $0 < 20 },
                    checkedOnEveryBuild: true)
            }
            if let joinedResident {
                report.add(
                    section, "resident set joined to one room", joinedResident, "MiB", target: "<= 20",
                    met: { $0 <= 20 })
            }
            if let after = ResidentMemory.mebibytes(pid: pid) {
                report.add(section, "resident set after the commands", after, "MiB")
            }
            // After the idle window, which the soak's commands would otherwise disturb.
            let soak = try await MatrixMemoryGrowth.soak(pid: pid, commands: MatrixMemoryGrowth.commands(plan)) {
                _ = try await command()
            }
            MatrixMemoryGrowth.report(report, section: section, room: "plain room", soak: soak)
            process.terminate()
            process.waitUntilExit()
            bot = nil
            try await reportEncryptedRoom(
                report, section: section, binary: binary, server: server, standIn: standIn, plan: plan,
                directory: directory)
        } catch {
            bot?.terminate()
            bot?.waitUntilExit()
            try? await standIn.stop()
            try? await server.stop()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        bot?.terminate()
        bot?.waitUntilExit()
        try? await standIn.stop()
        try await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func reportEncryptedRoom(
        _ report: Report, section: String, binary: URL, server: SynapseServer, standIn: GiphyStandIn, plan: Plan,
        directory: URL
    ) async throws {
        progress("scenario 9: the encrypted room, with an Element-like peer")
        let figures = try await EncryptedRoomRun.measure(
            binary: binary, server: server, standIn: standIn, plan: plan, directory: directory)
        report.add(
            section, "encrypted room: CPU per 100 cache-miss !gif (median of \(plan.rounds) rounds)",
            Measure.median(figures.cpuPer100), "s", target: "<= 0.5", met: { $0 <= 0.5 })
        report.add(
            section, "encrypted room: reply p50, sent to decrypted (peer in Python)",
            Measure.percentile(figures.latencies, 50), "ms")
        let commands = Double(max(1, figures.roundCommands))
        report.add(
            section, "encrypted room: bytes written to disk per command",
            Double(figures.roundWrittenBytes) / commands / 1024, "KiB")
        reportRequests(report, section: section, lead: "encrypted room: ", figures.roundRequests, commands: commands)
        if let joined = figures.joinedResident {
            report.add(
                section, "resident set joined, encryption on", joined, "MiB", target: "<= 20", met: { $0 <= 20 })
        }
        // Issue 34's target is for 50 devices, what the full run has.
        let devices = plan.encryptedRoomMembers + 1
        let hasTarget = devices >= 50
        report.add(
            section, "first reply, room key shared with \(devices) devices: the bot's CPU",
            figures.firstReplyCPU * 1000,
            "ms", target: hasTarget ? "<= 200" : nil, met: hasTarget ? { $0 <= 200 } : nil)
        report.add(
            section, "first reply, room key shared with \(devices) devices: key claim requests",
            Double(figures.firstReplyKeyClaims), "requests")
        if let after = figures.afterResident {
            report.add(section, "resident set after the encrypted commands", after, "MiB")
        }
        MatrixMemoryGrowth.report(report, section: section, room: "encrypted room", soak: figures.soak)
    }

    /// The bot's homeserver requests per command, in all and by kind, each figure's name led by
    /// `lead` (the room's).
    private static func reportRequests(
        _ report: Report, section: String, lead: String, _ requests: HomeserverRequests, commands: Double
    ) {
        report.add(
            section, "\(lead)bot's homeserver requests per command", Double(requests.total) / commands, "requests")
        for kind in requests.counts.keys.sorted() {
            report.add(
                section, "\(lead)bot's \(kind) requests per command", Double(requests.counts[kind] ?? 0) / commands,
                "requests")
        }
    }

    /// Makes the stand-in answer every search with one GIF named by its words: a command whose
    /// words were not used before gets a GIF not seen before.
    static func answerEachSearchWithANewGIF(_ standIn: GiphyStandIn) {
        standIn.override(
            "/v1/gifs/search",
            answering: { request in
                let words = request.query["q"] ?? "none"
                return search(id: words.split(separator: " ").joined(separator: "-"), standIn: standIn)
            })
    }

    /// A search answer of one GIF with GIPHY's renditions at their real sizes, served by the
    /// stand-in (its `/media/<id>/<size>.gif` makes a GIF of exactly that many bytes).
    static func search(id: String, standIn: GiphyStandIn) -> StandInResponse {
        var images: [String: [String: String]] = [:]
        for rendition in renditions {
            images[rendition.name] = [
                "url": "\(standIn.baseURL)/media/\(id)/\(rendition.size).gif", "width": String(rendition.width),
                "height": String(rendition.width * 9 / 16), "size": String(rendition.size),
            ]
        }
        let body: [String: Any] = [
            "data": [
                [
                    "type": "gif", "id": id, "title": "Bench \(id)", "rating": "g",
                    "url": "https://giphy.com/gifs/\(id)", "images": images,
                ]
            ],
            "pagination": ["total_count": 1, "count": 1, "offset": 0],
            "meta": ["status": 200, "msg": "OK", "response_id": id],
        ]
        return StandInResponse(body: Array((try? JSONSerialization.data(withJSONObject: body)) ?? Data()))
    }
}

/// Another process's CPU time, all its threads, to the nanosecond: the first field of each
/// thread's `/proc/PID/task/TID/schedstat` (`/proc/PID/stat` counts in 10 ms ticks, too coarse
/// for an idle process or a few commands). A thread that ends takes its time with it, so each
/// thread's last reading is kept: sample often (an idle bot's worker threads end and start).
final class ThreadCPU {
    let pid: Int32
    private var lastSeen: [String: Int] = [:]

    init(pid: Int32) {
        self.pid = pid
    }

    /// Seconds so far, counting the threads that ended with their last reading.
    func seconds() -> Double {
        for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? [] {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                let first = stat.split(separator: " ").first, let value = Int(first)
            else { continue }
            lastSeen[task] = max(lastSeen[task] ?? 0, value)
        }
        return Double(lastSeen.values.reduce(0, +)) / 1e9
    }
}

/// Another process's disk writes, from /proc.
enum ProcessCounters {
    /// Bytes the process caused to be written to storage (`write_bytes` of `/proc/PID/io`).
    static func writtenBytes(pid: Int32) -> Int {
        guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return 0 }
        for line in io.split(separator: "\n") where line.hasPrefix("write_bytes:") {
            return Int(line.split(separator: " ").last ?? "") ?? 0
        }
        return 0
    }
}

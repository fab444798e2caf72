import BenchmarkSupport
import Foundation
import GiphyStandIn
import MatrixTestSupport
import TestServerSupport

/// Scenario 9's encrypted room: the shipped `gifbot run` with end-to-end encryption on (its
/// default), cross-signing itself at start, answering cache-miss `!gif` commands from an
/// Element-like peer (mautrix-python with Element's key policy, `Tests/MatrixPeer/bench_peer.py`)
/// in an encrypted room: each command decrypted, its GIF and thumbnail encrypted and uploaded,
/// the reply encrypted. The peer paces its rounds through files so the bot's CPU is read around
/// each round's commands alone; it times each command from sending it to holding the bot's
/// decrypted image. The room's other members (the plan's, each with one cross-signed device)
/// make the first reply share the bot's room key with every one of their devices: its CPU and
/// its key claims are read around it.
enum EncryptedRoomRun {
    struct Figures {
        var cpuPer100: [Double] = []
        var latencies: [Double] = []
        var joinedResident: Double?
        var afterResident: Double?
        /// The bot's CPU for its first reply, which shares its room key (seconds).
        var firstReplyCPU = 0.0
        var firstReplyKeyClaims = 0
        /// The bot's homeserver requests during the rounds, and the commands they served.
        var roundRequests = HomeserverRequests()
        var roundCommands = 0
        /// Bytes the bot wrote to disk during the rounds.
        var roundWrittenBytes = 0
        /// How much the bot's anonymous memory grew over the soak's rounds after the first
        /// (`MatrixMemoryGrowth`, MiB), and over how many commands; nil for no soak.
        var soak: (growth: Double, over: Int)?
    }

    private struct PeerResult: Decodable {
        let ok: Bool
        let error: String?
        let rounds: [[Double]]?
    }

    static func measure(
        binary: URL, server: SynapseServer, standIn: GiphyStandIn, plan: MatrixScenario.Plan, directory: URL
    ) async throws -> Figures {
        let botUser = try await server.registerUser("benchbot-e2ee", password: "bench-bot-password")
        let peerPassword = "bench-peer-password"
        let peerUser = try await server.registerUser("benchpeer", password: peerPassword)
        let handshake = directory.appendingPathComponent("handshake")
        try FileManager.default.createDirectory(at: handshake, withIntermediateDirectories: true)
        var members: [[String: String]] = []
        for index in 0..<plan.encryptedRoomMembers {
            let password = "bench-member-password-\(index)"
            let member = try await server.registerUser("benchmember\(index)", password: password)
            members.append(["user": member.userID, "password": password])
        }
        let membersFile = directory.appendingPathComponent("members.json")
        try JSONSerialization.data(withJSONObject: members).write(to: membersFile)
        let accessLog = server.directory.appendingPathComponent("homeserver.log")
        let readiness = OpsReadiness(opsPort: try await FreePorts.allocate(1)[0])
        let (process, wait) = ShippedBinary.matrixBot(binary)
        process.environment = MatrixBotEnvironment.oneRoom(
            server: server, user: botUser.userID, password: "bench-bot-password", inviteAllow: [peerUser.userID],
            encrypted: true, standIn: standIn,
            database: directory.appendingPathComponent("gifbot-e2ee.sqlite"), opsPort: readiness.opsPort)
        process.standardError = FileHandle.nullDevice
        try ShippedBinary.startCold(process)
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let pid = process.processIdentifier
        // Joined means started, then invited and in the room: a start's transient is not it.
        try await readiness.wait(for: process, timeout: wait)
        try await ProfileMarks.mark("ready-encrypted")
        var figures = Figures()
        let perRound = max(1, plan.commands / plan.rounds)
        // The soak (`MatrixMemoryGrowth`) is more rounds of the peer's, after the measured ones:
        // two at least (a warm-up and one read), or none.
        let soakCommands = MatrixMemoryGrowth.commands(plan)
        let soakRounds = soakCommands > 1 ? max(2, (soakCommands + perRound - 1) / perRound) : 0
        async let peerRun = CryptoPeers.run(
            "bench_peer.py",
            arguments: [
                "--homeserver", server.baseURL, "--bot", botUser.userID, "--user", peerUser.userID,
                "--password", peerPassword, "--result", directory.appendingPathComponent("peer.json").path,
                "--handshake", handshake.path, "--prefix", "bench", "--rounds", String(plan.rounds + soakRounds),
                "--commands", String(perRound), "--members", membersFile.path,
            ], folder: directory, log: "bench-peer.log")
        let cpu = ThreadCPU(pid: pid)
        /// One of the peer's paced steps: `ready-<name>`, let go, `done-<name>`; the bot's CPU
        /// in between (seconds).
        func paced(_ name: String) async throws -> Double {
            try await waitFor(handshake.appendingPathComponent("ready-\(name)"), sampling: cpu)
            let before = cpu.seconds()
            try Data().write(to: handshake.appendingPathComponent("go-\(name)"))
            try await waitFor(handshake.appendingPathComponent("done-\(name)"), sampling: cpu)
            return cpu.seconds() - before
        }
        do {
            try await waitFor(handshake.appendingPathComponent("joined"), sampling: cpu)
            figures.joinedResident = ResidentMemory.mebibytes(pid: pid)
            try Data().write(to: handshake.appendingPathComponent("go-joined"))
            let logMark = HomeserverRequests.mark(accessLog)
            figures.firstReplyCPU = try await paced("first")
            figures.firstReplyKeyClaims =
                HomeserverRequests.read(accessLog, after: logMark, user: botUser.userID).keyClaims
            let roundsMark = HomeserverRequests.mark(accessLog)
            let written = ProcessCounters.writtenBytes(pid: pid)
            for round in 0..<plan.rounds {
                figures.cpuPer100.append(try await paced(String(round)) / Double(perRound) * 100)
            }
            figures.roundWrittenBytes = ProcessCounters.writtenBytes(pid: pid) - written
            figures.roundRequests = HomeserverRequests.read(accessLog, after: roundsMark, user: botUser.userID)
            figures.roundCommands = perRound * plan.rounds
            figures.afterResident = ResidentMemory.mebibytes(pid: pid)
            var soakRound = plan.rounds
            let soak = try await MatrixMemoryGrowth.soak(pid: pid, commands: soakRounds) {
                _ = try await paced(String(soakRound))
                soakRound += 1
            }
            figures.soak = soak.map { ($0.growth, $0.over * perRound) }
        } catch {
            // The peer's own account of what went wrong says more than a missing file.
            let (_, log) = try await peerRun
            throw BenchmarkError.childFailed("encrypted room: \(error); peer log:\n\(log.suffix(2000))")
        }
        let (status, log) = try await peerRun
        let result = try JSONDecoder().decode(
            PeerResult.self, from: Data(contentsOf: directory.appendingPathComponent("peer.json")))
        guard status == 0, result.ok, let rounds = result.rounds else {
            throw BenchmarkError.childFailed(
                "encrypted room: the peer failed: \(result.error ?? "status \(status)")\n\(log.suffix(2000))")
        }
        figures.latencies = rounds.prefix(plan.rounds).flatMap { $0 }
        return figures
    }

    /// Waits for the peer's file, reading the bot's CPU meanwhile (a thread that ends keeps the
    /// time it was last seen with); a peer that never writes it fails the run after two minutes.
    private static func waitFor(_ file: URL, sampling cpu: ThreadCPU) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while !FileManager.default.fileExists(atPath: file.path) {
            guard ContinuousClock.now < deadline else {
                throw BenchmarkError.childFailed("the encrypted room's peer never wrote \(file.lastPathComponent)")
            }
            _ = cpu.seconds()
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

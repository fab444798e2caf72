import BenchmarkSupport
import Foundation
import GiphyStandIn
import MatrixTestSupport
import TestServerSupport

/// The shipped `gifbot run` on Matrix in one plain room of alice's, the way scenarios 9 and 12
/// measure it: started cold, ready, invited by alice and joined.
struct OneRoomGifBot {
    let process: Process
    let room: String
    /// How long to wait for each of its answers (longer under a profiler: `ShippedBinary.matrixBot`).
    let wait: Duration

    /// Starts the bot as `user` with its own database, waits for `/readyz`, then has alice make a
    /// room named `roomName` and invite it, and waits for its join. The process is stopped if any
    /// of that fails; otherwise stopping it is the caller's.
    static func start(
        _ binary: URL, user: MatrixTestUser, alice: MatrixTestClient, server: SynapseServer,
        standIn: GiphyStandIn, database: URL, roomName: String
    ) async throws -> OneRoomGifBot {
        let (process, wait) = ShippedBinary.matrixBot(binary)
        let readiness = OpsReadiness(opsPort: try await FreePorts.allocate(1)[0])
        process.environment = MatrixBotEnvironment.oneRoom(
            server: server, user: user.userID, password: user.password, inviteAllow: [alice.user.userID],
            encrypted: false, standIn: standIn, database: database, opsPort: readiness.opsPort)
        process.standardError = FileHandle.nullDevice
        try ShippedBinary.startCold(process)
        do {
            // Joined means started, then invited and in the room: a start's transient is not it.
            try await readiness.wait(for: process, timeout: wait)
            try await ProfileMarks.mark("ready-plain")
            let room = try await alice.createRoom(name: roomName, invite: [user.userID])
            _ = try await alice.waitForEvent(in: room, timeout: wait) {
                $0.type == "m.room.member" && $0.stateKey == user.userID && $0.membership == "join"
            }
            return OneRoomGifBot(process: process, room: room, wait: wait)
        } catch {
            process.terminate()
            process.waitUntilExit()
            throw error
        }
    }

    /// Alice's `text` in `room`, and the milliseconds from sending it to seeing `bot`'s reply to
    /// it, which must be an image.
    static func timedImageReply(
        to text: String, in room: String, from bot: String, alice: MatrixTestClient, wait: Duration
    ) async throws -> Double {
        let started = ContinuousClock.now
        let sent = try await alice.sendText(text, to: room)
        let reply = try await alice.waitForEvent(in: room, timeout: wait) { $0.sender == bot && $0.inReplyTo == sent }
        guard reply.msgtype == "m.image" else { throw BenchmarkError.childFailed("not an image: \(reply)") }
        return (ContinuousClock.now - started).inSeconds * 1000
    }
}

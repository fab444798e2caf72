import BenchmarkSupport
import Foundation
import IRCTestSupport
import Matrix
import MatrixTestSupport

/// What scenario 11 asks of the running bot from outside: answers timed on each network, the
/// rooms its account is in, its idle CPU.
enum ScaleProbes {
    /// `!about` needs no GIF source, so the time is the bot's own path through sync, the core
    /// and the send: the part that could grow with the rooms it is in.
    static let command = "!about"

    /// One `!about` answered, in milliseconds.
    static func reply(_ client: MatrixTestClient, room: String, bot: String, timeout: Duration) async throws -> Double {
        let started = ContinuousClock.now
        _ = try await client.sendText(command, to: room)
        _ = try await client.waitForEvent(in: room, timeout: timeout) {
            $0.sender == bot && $0.type == "m.room.message"
        }
        return (ContinuousClock.now - started).inSeconds * 1000
    }

    /// One `!about` in `channel` answered, in milliseconds.
    static func reply(
        _ observer: TestIRCClient, channel: String, botNick: String, timeout: Duration
    ) async throws -> Double {
        let started = ContinuousClock.now
        try await observer.say(channel, command)
        // A prefix: a restart may find its old connection still holding the nick (`scalebot_`).
        _ = try await observer.waitFor(timeout: timeout) {
            $0.command == "PRIVMSG" && ($0.sourceNick ?? "").hasPrefix(botNick) && $0.parameters.first == channel
        }
        return (ContinuousClock.now - started).inSeconds * 1000
    }

    /// Waits until the account (seen through another device of it) is in `count` rooms;
    /// returns the seconds from the bot's spawn.
    static func waitForRooms(
        _ account: MatrixTestClient, count: Int, running: ScaleBot.Running, timeout: Duration
    ) async throws -> Double {
        let deadline = running.started + timeout
        var joined = 0
        while true {
            let response = try await account.request("GET", "/_matrix/client/v3/joined_rooms").requireSuccess()
            joined = response.json?["joined_rooms"]?.arrayValue?.count ?? 0
            if joined >= count { return running.elapsed }
            guard running.process.isRunning else { throw BenchmarkError.childFailed("gifbot exited while joining") }
            guard ContinuousClock.now < deadline else {
                throw BenchmarkError.childFailed("the bot joined \(joined) of \(count) rooms in \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(500))
        }
    }

    /// CPU per second of wall time over `seconds` with nothing to do, in milliseconds, sampled
    /// four times a second as scenario 9 does (a worker thread that ends takes its time along).
    static func idleCPU(_ running: ScaleBot.Running, seconds: Int) async throws -> Double {
        let before = running.cpu.seconds()
        for _ in 0..<(seconds * 4) {
            try await Task.sleep(for: .milliseconds(250))
            _ = running.cpu.seconds()
        }
        return (running.cpu.seconds() - before) / Double(seconds) * 1000
    }
}

import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import NIOCore
import NIOHTTP1

/// The shipped `gifbot run` of scenario 11 as a process of its own, on one Matrix account and
/// one IRC server, with its ops endpoint on so that `/readyz` says when both networks are ready
/// (Matrix: logged in and a sync handled; IRC: registered and in every configured channel).
struct ScaleBot {
    let binary: URL
    /// Everything but the channels and the database, which change between runs.
    let environment: [String: String]
    let opsPort: Int

    /// One run: the process, when it was spawned, and its CPU time read from /proc.
    struct Running {
        let process: Process
        let started: ContinuousClock.Instant
        let cpu: ThreadCPU

        var pid: Int32 { process.processIdentifier }
        var elapsed: Double { (ContinuousClock.now - started).inSeconds }
    }

    /// Runs `body` with a fresh process in `channels` (none: Matrix alone, for an environment
    /// without IRC), on the SQLite file `database`, and stops the process afterwards, also when
    /// `body` throws.
    func running<Result>(
        channels: [String], database: URL, _ body: (Running) async throws -> Result
    ) async throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["run"]
        var settings = ["DATABASE_URL": database.path, "OPS_PORT": String(opsPort)]
        if !channels.isEmpty { settings["IRC_CHANNELS"] = channels.joined(separator: ",") }
        process.environment = environment.merging(settings) { $1 }
        process.standardError = FileHandle.nullDevice
        let started = ContinuousClock.now
        try ShippedBinary.startCold(process)
        let running = Running(process: process, started: started, cpu: ThreadCPU(pid: process.processIdentifier))
        do {
            let result = try await body(running)
            Self.stop(process)
            return result
        } catch {
            Self.stop(process)
            throw error
        }
    }

    /// Polls `/readyz` until it answers 200, sampling the process's CPU at each poll (a thread
    /// that ends keeps the time it was last seen with). Returns the seconds from the spawn.
    /// Each new answer goes to the progress line with its time, so a slow start shows which
    /// network it waited for.
    func waitUntilReady(_ running: Running, timeout: Duration) async throws -> Double {
        var last = ""
        try await OpsReadiness(opsPort: opsPort).wait(for: running.process, timeout: timeout) { answer in
            let shown =
                answer.hasPrefix("no answer") ? "no answer" : answer.trimmingCharacters(in: .whitespacesAndNewlines)
            if shown != last {
                progress(String(format: "    %.2f s: /readyz %@", running.elapsed, shown))
                last = shown
            }
            _ = running.cpu.seconds()
        }
        return running.elapsed
    }

    private static func stop(_ process: Process) {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

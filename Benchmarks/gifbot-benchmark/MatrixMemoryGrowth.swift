import BenchmarkSupport
import Foundation

/// Scenario 9's memory check, run on every build as scenario 4's growth is (issue 34: the
/// Matrix scenarios' short forms in CI fail on growth in memory). After the measured commands,
/// each room gets a soak of `MatrixScenario.Plan.growthCommands` more cache-miss `!gif`: the
/// bot's anonymous resident memory (heap, stacks, what a leak grows; not code pages, which a
/// path run for the first time maps in) is read after the soak's first tenth, which lets what
/// fills on use settle (the kept GIF buffer, a second pooled connection, the allocator's
/// arenas after an idle trim), and again at its end.
enum MatrixMemoryGrowth {
    /// More than this over the soak fails the run. What legitimately grows per command is
    /// small and bounded (a cached search page, a recorded upload's id: a few kB), so growth of
    /// megabytes is a leak: a GIF's 1.4 MB buffer kept per command grows 38 MiB over the
    /// debug build's soak. The allowance absorbs the allocator's noise.
    static let allowedMiB = 4.0

    /// The figure's name in `room` ("plain room", "encrypted room").
    private static func figureName(room: String, commands: Int) -> String {
        "\(room): anonymous memory growth over \(commands) more commands (any build)"
    }

    /// The soak's commands in a run of `plan`: none under a profiler (`scripts/link-order`'s
    /// callgrind, whose own memory is the process's too and which slows each command fifty times).
    static func commands(_ plan: MatrixScenario.Plan) -> Int {
        ShippedBinary.matrixBotWrapper == nil ? plan.growthCommands : 0
    }

    /// The commands of a soak of `commands` run before its first reading.
    private static func warmUp(of commands: Int) -> Int { max(1, commands / 10) }

    /// The bot's anonymous resident memory, MiB. A reading that cannot be made (the bot gone)
    /// fails the run rather than leaving the check out.
    private static func anonymous(pid: Int32) throws -> Double {
        guard let mebibytes = ResidentMemory.mebibytes("RssAnon", pid: pid) else {
            throw BenchmarkError.childFailed("the bot's memory (pid \(pid)) could not be read for the soak")
        }
        return mebibytes
    }

    /// Runs `commands` commands through `command` (the encrypted room: rounds of the peer's
    /// commands), and returns how much the anonymous resident memory of `pid` grew between the
    /// end of the warm-up and the last (MiB), with the commands it grew over; nil for no soak.
    static func soak(
        pid: Int32, commands: Int, command: () async throws -> Void
    ) async throws -> (growth: Double, over: Int)? {
        guard commands > 1 else { return nil }
        let warm = warmUp(of: commands)
        for _ in 0..<warm { try await command() }
        let before = try anonymous(pid: pid)
        for _ in warm..<commands { try await command() }
        return (try anonymous(pid: pid) - before, commands - warm)
    }

    /// The check's figure, for a room that had a soak.
    static func report(_ report: Report, section: String, room: String, soak: (growth: Double, over: Int)?) {
        guard let (growth, commands) = soak else { return }
        report.add(
            section, figureName(room: room, commands: commands), growth, "MiB",
            target: "< \(Report.format(allowedMiB)) (no growth)", met: { $0 < allowedMiB }, checkedOnEveryBuild: true)
    }
}

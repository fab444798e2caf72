import BenchmarkSupport
import Foundation

// GifBot's benchmark (issue 9): `scripts/benchmark [--short] [--json FILE] [--only 1,2,...]
// [--rooms N] [--synapse-database postgres|sqlite] [--baseline GIFBOT]`.
// Runs the real modules on this machine, with no network, prints one table on standard output
// and writes the same figures as JSON. Exit status 1 when a scenario fails or a check does:
// always the memory growth check (scenario 4), the Matrix bot's runaway and memory growth
// checks (scenario 9), and every target with --strict.

let arguments = Array(CommandLine.arguments.dropFirst())

func value(after flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

let short = arguments.contains("--short")
let strict = arguments.contains("--strict")
let only = Set((value(after: "--only") ?? "1,2,3,4,5,6,7,8,9,10,11,12,13").split(separator: ",").compactMap { Int($0) })
let jsonPath = value(after: "--json") ?? (short ? ".build/benchmark-short.json" : ".build/benchmark.json")
let report = Report()

/// How much of each scenario to run: the full run, the short one, and the short one on a debug
/// build (scripts/test), which only keeps the code running and checks memory growth.
struct Scale {
    var decodings: Int, warmCommands: Int, missCommands: Int, memory: MemoryWorkload.Plan
    var secondsPerSimulatedMinute: Double, favorites: Int, startups: Int
    var crypto: CryptoScenario.Plan
    var matrix: MatrixScenario.Plan
    var pickerRequests: Int
    var manyRooms: ScaleScenario.Plan
    var pythonBot: PythonBotScenario.Plan
    var builds: BuildsSideBySide.Plan

    static let full = Scale(
        decodings: 2000, warmCommands: 20000, missCommands: 2000,
        memory: .init(users: 1000, queries: 2000, firstCheckpoint: 10000, secondCheckpoint: 100_000),
        secondsPerSimulatedMinute: 3, favorites: 2000, startups: 10,
        crypto: .init(megolmMessages: 5000, olmSessions: 500, attachments: 20),
        matrix: .init(commands: 60, rounds: 3, idleSeconds: 20, encryptedRoomMembers: 49, growthCommands: 200),
        pickerRequests: 500,
        manyRooms: .init(
            rooms: 1000, channels: 500, membersPerRoom: 5...50, memberPool: 300, devicesPerMember: 3, commands: 30,
            idleSeconds: 20),
        pythonBot: .init(runs: 3, commands: 20), builds: .init(rounds: 5, commands: 20))
    static let short = Scale(
        decodings: 200, warmCommands: 2000, missCommands: 100,
        memory: .init(users: 1000, queries: 2000, firstCheckpoint: 2000, secondCheckpoint: 10000),
        secondsPerSimulatedMinute: 0.3, favorites: 200, startups: 3,
        crypto: .init(megolmMessages: 1000, olmSessions: 100, attachments: 5),
        matrix: .init(commands: 9, rounds: 3, idleSeconds: 3, encryptedRoomMembers: 9, growthCommands: 60),
        pickerRequests: 100,
        manyRooms: .init(
            rooms: 40, channels: 20, membersPerRoom: 5...15, memberPool: 30, devicesPerMember: 2, commands: 9,
            idleSeconds: 3),
        pythonBot: .init(runs: 1, commands: 5), builds: .init(rounds: 1, commands: 5))
    static let debugShort = Scale(
        decodings: 10, warmCommands: 200, missCommands: 10,
        memory: .init(users: 200, queries: 40, firstCheckpoint: 500, secondCheckpoint: 2500),
        secondsPerSimulatedMinute: 0.3, favorites: 20, startups: 1,
        crypto: .init(megolmMessages: 20, olmSessions: 5, attachments: 1),
        matrix: .init(commands: 3, rounds: 1, idleSeconds: 1, encryptedRoomMembers: 2, growthCommands: 30),
        pickerRequests: 5,
        manyRooms: .init(
            rooms: 10, channels: 5, membersPerRoom: 2...4, memberPool: 6, devicesPerMember: 2, commands: 3,
            idleSeconds: 1),
        pythonBot: .init(runs: 1, commands: 2), builds: .init(rounds: 1, commands: 2))
}

#if DEBUG
var scale = short ? Scale.debugShort : Scale.full
#else
var scale = short ? Scale.short : Scale.full
#endif
// `--rooms N` runs scenario 11 at a size between the plans: N rooms and N/2 channels.
if let rooms = value(after: "--rooms").flatMap({ Int($0) }), rooms > 1 {
    scale.manyRooms.rooms = rooms
    scale.manyRooms.channels = max(1, rooms / 2)
}

// `--synapse-database sqlite` runs scenario 11's Synapse on SQLite, as the tests do.
if value(after: "--synapse-database") == "sqlite" { scale.manyRooms.synapseOnPostgres = false }

// The scenarios asked for, in order. A failed scenario, which has stopped its servers and bots
// before its error comes here, ends the run with the figures gathered until then and its error,
// as a missed check does: not with the runtime's trap and backtrace for an error at top level.
var failure: (any Error)?
do {
    if only.contains(1) { try DecodingScenario.run(report, iterations: scale.decodings) }
    if only.contains(2) { try await WarmCoreScenario.run(report, commands: scale.warmCommands) }
    if only.contains(3) { try await CacheMissScenario.run(report, commands: scale.missCommands) }
    if only.contains(4) { try await MemoryScenario.run(report, plan: scale.memory) }
    if only.contains(5) { try await QuotaScenario.run(report, secondsPerMinute: scale.secondsPerSimulatedMinute) }
    if only.contains(6) { try await StorageScenario.run(report, favorites: scale.favorites) }
    if only.contains(7) { try await StartupScenario.run(report, runs: scale.startups) }
    if only.contains(8) { try await CryptoScenario.run(report, plan: scale.crypto) }
    if only.contains(9) { try await MatrixScenario.run(report, plan: scale.matrix) }
    if only.contains(10) { try await PickerScenario.run(report, requests: scale.pickerRequests) }
    if only.contains(11) { try await ScaleScenario.run(report, plan: scale.manyRooms) }
    if only.contains(12) { try await PythonBotScenario.run(report, plan: scale.pythonBot) }
    // `--baseline PATH` is the other build scenario 13 runs beside this one (by default this one).
    if only.contains(13) {
        let baseline = value(after: "--baseline").map { URL(fileURLWithPath: $0) }
        try await BuildsSideBySide.run(report, plan: scale.builds, baseline: baseline)
    }
} catch {
    failure = error
}

report.printTable()
#if DEBUG
let build = "debug build: timings mean nothing"
#else
let build = "release build"
#endif
print("(\(short ? "short" : "full") run, \(build))")
try report.writeJSON(to: jsonPath, mode: "\(short ? "short" : "full"), \(build)")
progress("figures written to \(jsonPath)")

let failedChecks = report.missedTargets.filter {
    strict || $0.checkedOnEveryBuild
}
for figure in failedChecks {
    progress(
        "CHECK FAILED: \(figure.scenario), \(figure.name): \(Report.format(figure.value)) \(figure.unit), target \(figure.target ?? "")"
    )
}
if let failure { progress("FAILED: a scenario stopped the run: \(failure)") }
exit(failedChecks.isEmpty && failure == nil ? 0 : 1)

import Foundation

// GifBot's benchmark (issue 9): `scripts/benchmark [--short] [--json FILE] [--only 1,2,...]`.
// Runs the real modules on this machine, with no network, prints one table on standard output
// and writes the same figures as JSON. Exit status 1 when a check fails: always the memory
// growth check (scenario 4), and every target with --strict.

let arguments = Array(CommandLine.arguments.dropFirst())

func value(after flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

if let index = arguments.firstIndex(of: "--memory-child") {
    let plan = try JSONDecoder().decode(MemoryScenario.Plan.self, from: Data(arguments[index + 2].utf8))
    try await MemoryScenario.child(baseURL: arguments[index + 1], plan: plan)
    exit(0)
}

let short = arguments.contains("--short")
let strict = arguments.contains("--strict")
let only = Set((value(after: "--only") ?? "1,2,3,4,5,6,7").split(separator: ",").compactMap { Int($0) })
let jsonPath = value(after: "--json") ?? (short ? ".build/benchmark-short.json" : ".build/benchmark.json")
let report = Report()

if only.contains(1) { try DecodingScenario.run(report, iterations: short ? 200 : 2000) }
if only.contains(2) { try await WarmCoreScenario.run(report, commands: short ? 2000 : 20000) }
if only.contains(3) { try await CacheMissScenario.run(report, commands: short ? 100 : 1000) }
if only.contains(4) {
    let plan = short ? MemoryScenario.Plan(users: 1000, queries: 2000, firstCheckpoint: 2000, secondCheckpoint: 10000)
        : MemoryScenario.Plan(users: 1000, queries: 2000, firstCheckpoint: 10000, secondCheckpoint: 100_000)
    try await MemoryScenario.run(report, plan: plan)
}
if only.contains(5) { try await QuotaScenario.run(report, secondsPerMinute: short ? 0.3 : 3) }
if only.contains(6) { try await StorageScenario.run(report, favorites: short ? 200 : 2000) }
if only.contains(7) { try await StartupScenario.run(report, runs: short ? 3 : 10) }

report.printTable()
try report.writeJSON(to: jsonPath, mode: short ? "short" : "full")
progress("figures written to \(jsonPath)")

let failedChecks = report.missedTargets.filter { strict || $0.scenario.hasPrefix("4") && $0.name.hasPrefix("growth") }
for figure in failedChecks { progress("CHECK FAILED: \(figure.scenario), \(figure.name): \(Report.format(figure.value)) \(figure.unit), target \(figure.target ?? "")") }
exit(failedChecks.isEmpty ? 0 : 1)

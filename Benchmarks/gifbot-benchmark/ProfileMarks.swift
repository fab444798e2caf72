import Foundation

/// Files that tell a profiler attached to the bot (perf, `callgrind_control`) where a phase of
/// scenario 9 begins or ends, in the folder `GIFBOT_BENCH_PROFILE_MARKS` names; nothing without
/// it. Each mark is an empty file named for its moment:
/// - `ready-plain`, `ready-encrypted`: the bot of that room has answered `/readyz` and is not yet
///   invited (what it runs after this is what a running bot keeps touching: `scripts/link-order`);
/// - `plain-start`, `plain-end`: the plain room's measured rounds.
///
/// A profiler that must act before the scenario goes on lists those marks in `acknowledge` in
/// the folder (a name a line) first; the scenario then waits after each of them until the
/// profiler creates `<mark>.done`.
enum ProfileMarks {
    static let folder = ProcessInfo.processInfo.environment["GIFBOT_BENCH_PROFILE_MARKS"]

    /// Writes the mark, and waits for the profiler's `<name>.done` when it asked to be waited
    /// for (up to `timeout`: a profiler that stopped must not hold the scenario for ever).
    static func mark(_ name: String, timeout: Duration = .seconds(120)) async throws {
        guard let folder else { return }
        try Data().write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
        let acknowledged = (try? String(contentsOfFile: folder + "/acknowledge", encoding: .utf8)) ?? ""
        guard acknowledged.split(separator: "\n").contains(Substring(name)) else { return }
        try await ChildPolling.until(
            process: nil, timeout: timeout, timedOut: { "the profiler did not acknowledge the mark \(name)" }
        ) { FileManager.default.fileExists(atPath: folder + "/\(name).done") }
    }
}

import Foundation

/// One measured figure, with the issue's target beside it.
struct Figure: Codable {
    let scenario: String
    let name: String
    let value: Double?
    let unit: String
    let target: String?
    /// Whether the target is met; nil when the figure has no target or could not be measured.
    let met: Bool?
    /// A missed target fails the run on any build, not only with `--strict` (`main.swift`): the
    /// checks that hold on a debug build too (memory growth, a spinning idle loop).
    let checkedOnEveryBuild: Bool
}

/// Collects figures, prints them as a table and writes them as JSON.
final class Report {
    private(set) var figures: [Figure] = []

    func add(
        _ scenario: String, _ name: String, _ value: Double?, _ unit: String, target: String? = nil,
        met: ((Double) -> Bool)? = nil, checkedOnEveryBuild: Bool = false
    ) {
        let figure = Figure(
            scenario: scenario, name: name, value: value.flatMap { $0.isFinite ? $0 : nil }, unit: unit, target: target,
            met: value.flatMap { value in met.map { $0(value) } }, checkedOnEveryBuild: checkedOnEveryBuild)
        figures.append(figure)
        progress("  \(name): \(Self.format(figure.value)) \(unit)\(target.map { " (target \($0))" } ?? "")")
    }

    var missedTargets: [Figure] { figures.filter { $0.met == false } }

    func printTable() {
        let header = ["scenario", "figure", "value", "unit", "target", "met"]
        let rows = figures.map {
            [
                $0.scenario, $0.name, Self.format($0.value), $0.unit, $0.target ?? "",
                $0.met.map { $0 ? "yes" : "NO" } ?? "",
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(
                separator: "  ")
        }
        print(line(header))
        print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        rows.forEach { print(line($0)) }
    }

    func writeJSON(to path: String, mode: String) throws {
        struct Document: Codable {
            let mode: String
            let date: String
            let host: String
            let figures: [Figure]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let document = Document(
            mode: mode, date: ISO8601DateFormatter().string(from: Date()),
            host: ProcessInfo.processInfo.hostName, figures: figures)
        try encoder.encode(document).write(to: URL(fileURLWithPath: path))
    }

    static func format(_ value: Double?) -> String {
        guard let value else { return "n/a" }
        if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
        return abs(value) >= 100
            ? String(format: "%.0f", value)
            : abs(value) >= 1 ? String(format: "%.2f", value) : String(format: "%.3f", value)
    }
}

/// Progress goes to standard error so standard output holds only the table.
func progress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

import Foundation

/// The `gifbot` executable built beside the benchmark (the release build `scripts/benchmark`
/// makes, or the debug one), which scenarios 7 and 9 run as a process of its own.
enum ShippedBinary {
    /// Its path, or nil (said on the progress line) when it is not built there.
    static func gifbot() -> URL? {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("gifbot")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            progress("  gifbot is not built next to the benchmark; skipped")
            return nil
        }
        return binary
    }
}

import Foundation

/// The GIPHY stand-in as its own process (so its CPU and memory are not the bot's), started
/// from the same build folder as the benchmark.
final class StandInProcess: Sendable {
    let process: Process
    let baseURL: String

    init() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "giphy-stand-in")
        let process = Process()
        process.executableURL = binary
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first,
            first != UInt8(ascii: "\n")
        {
            line.append(first)
        }
        self.process = process
        baseURL = String(decoding: line, as: UTF8.self)
        guard baseURL.hasPrefix("http") else { throw BenchmarkError.standInDidNotStart }
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

enum BenchmarkError: Error {
    case standInDidNotStart
    case childFailed(String)
}

import Foundation
import Synchronization

/// The built `gifbot` executable, run as a user runs it: a real process with pipes.
struct GifbotProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// Next to the test bundle in the build folder: `swift build --build-tests` builds both.
    static var executable: URL {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return folder.appendingPathComponent("gifbot")
    }

    let process = Process()
    private let stdin = Pipe()
    private let output = Collected()
    private let errors = Collected()

    init(_ arguments: [String], environment: [String: String], directory: URL? = nil) throws {
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { current, _ in current }
        if let directory { process.currentDirectoryURL = directory }
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let output = output, errors = errors
        stdout.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        stderr.fileHandleForReading.readabilityHandler = { handle in errors.append(handle.availableData) }
        try process.run()
    }

    func write(_ text: String) {
        stdin.fileHandleForWriting.write(Data(text.utf8))
    }

    func closeInput() {
        try? stdin.fileHandleForWriting.close()
    }

    var stdoutSoFar: String { output.text }

    /// Waits (polling, without blocking a thread) until standard output satisfies `condition`.
    func waitForOutput(timeout: Duration = .seconds(20), _ condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(output.text) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(output.text)
    }

    /// Waits (polling, without blocking a thread) until standard error satisfies `condition`.
    func waitForErrors(timeout: Duration = .seconds(20), _ condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(errors.text) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(errors.text)
    }

    func finish(timeout: Duration = .seconds(60)) async -> Result {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        // Let the readability handlers drain what is left in the pipes.
        try? await Task.sleep(for: .milliseconds(100))
        return Result(status: process.terminationStatus, stdout: output.text, stderr: errors.text)
    }

    /// Runs to completion with `input` on standard input.
    static func run(_ arguments: [String], environment: [String: String], input: String = "", directory: URL? = nil) async throws -> Result {
        let process = try GifbotProcess(arguments, environment: environment, directory: directory)
        process.write(input)
        process.closeInput()
        return await process.finish()
    }
}

/// Bytes read from a pipe by its readability handler.
final class Collected: Sendable {
    private let data = Mutex(Data())
    func append(_ chunk: Data) { data.withLock { $0.append(chunk) } }
    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}

import Foundation
import GiphyStandIn

/// The built `gifbot` executable, run as a user runs it: a real process with pipes. Waits are
/// woken by the pipes' output and the process's exit, never by polling.
final class GifbotProcess: Sendable {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var stdoutLines: [String] {
            stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    /// Next to the test bundle in the build folder: `swift build --build-tests` builds both.
    static var executable: URL {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return folder.appendingPathComponent("gifbot")
    }

    /// What the process wrote to one pipe, and whether the pipe reached its end.
    struct PipeOutput: Sendable {
        var data = Data()
        var ended = false
        /// When each complete line arrived, stamped by the pipe's reader thread, so a busy test
        /// process does not shift it.
        var lineArrivals: [ContinuousClock.Instant] = []
        /// Signals to send to the process once the output contains their text.
        var armedSignals: [(text: String, signal: Int32, pid: Int32)] = []
        var text: String { String(decoding: data, as: UTF8.self) }

        mutating func append(_ chunk: Data) {
            data.append(chunk)
            let now = ContinuousClock.now
            for byte in chunk where byte == UInt8(ascii: "\n") { lineArrivals.append(now) }
            guard !armedSignals.isEmpty else { return }
            let text = text
            for armed in armedSignals where text.contains(armed.text) { kill(armed.pid, armed.signal) }
            armedSignals.removeAll { text.contains($0.text) }
        }
    }

    let processIdentifier: Int32
    private let stdin: FileHandle
    private let output = Observed(PipeOutput())
    private let errors = Observed(PipeOutput())
    /// How and when the process ended; nil while it runs. The time is stamped by the thread that
    /// learns of the end, so a busy test process (or the pipes' draining) does not shift it.
    private let termination = Observed<(status: Int32, at: ContinuousClock.Instant)?>(nil)

    /// - Parameter fileSizeSignalIgnored: starts the bot with SIGXFSZ ignored (through `sh`, as
    ///   an ignored signal survives exec), so a file size limit makes writes fail with EFBIG,
    ///   as a full disk makes them fail, instead of killing the process.
    /// - Parameter fileLimit: starts the bot with at most this many open files (`ulimit -n`
    ///   in `sh`, which then execs the bot: the process id stays the bot's).
    init(
        _ arguments: [String], environment: [String: String], directory: URL? = nil,
        fileSizeSignalIgnored: Bool = false,
        fileLimit: Int? = nil
    ) throws {
        let process = Process()
        var prelude: [String] = []
        if fileSizeSignalIgnored { prelude.append("trap '' XFSZ") }
        if let fileLimit { prelude.append("ulimit -n \(fileLimit)") }
        if !prelude.isEmpty {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", prelude.joined(separator: "; ") + #"; exec "$0" "$@""#, Self.executable.path] + arguments
        } else {
            process.executableURL = Self.executable
            process.arguments = arguments
        }
        process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { current, _ in current }
        if let directory { process.currentDirectoryURL = directory }
        let input = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = input
        process.standardOutput = stdout
        process.standardError = stderr
        Self.collect(stdout, into: output)
        Self.collect(stderr, into: errors)
        let termination = termination
        process.terminationHandler = { ended in termination.modify { $0 = (ended.terminationStatus, .now) } }
        try process.run()
        processIdentifier = process.processIdentifier
        stdin = input.fileHandleForWriting
    }

    /// Reads the pipe to its end on a thread of its own, blocking in read(2). Not with
    /// `FileHandle.readabilityHandler`: its dispatch source is torn down asynchronously while
    /// the pipe's descriptor is closed at once, and with many processes started and ending
    /// together a reused descriptor number let libdispatch's event loop drain a dead source
    /// (SIGSEGV in `_dispatch_event_loop_drain`, about one full test run in ten).
    private static func collect(_ pipe: Pipe, into observed: Observed<PipeOutput>) {
        // The handle is held by the thread until the end, so its descriptor stays open until then.
        let handle = pipe.fileHandleForReading
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    let chunk = Data(buffer[0..<count])
                    observed.modify { $0.append(chunk) }
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            observed.modify { $0.ended = true }
        }
        reader.start()
    }

    func write(_ text: String) {
        try? stdin.write(contentsOf: Data(text.utf8))
    }

    func closeInput() {
        try? stdin.close()
    }

    func signal(_ number: Int32) {
        if isRunning { kill(processIdentifier, number) }
    }

    /// Sends `number` the moment standard error contains `text`, from the pipe's reader thread:
    /// a test task woken by the output could come round to it seconds later in a busy run.
    func signal(_ number: Int32, whenErrorsContain text: String) {
        let pid = processIdentifier
        let seen = errors.modify { output -> Bool in
            if output.text.contains(text) { return true }
            output.armedSignals.append((text, number, pid))
            return false
        }
        if seen { signal(number) }
    }

    var isRunning: Bool { termination.value == nil }
    /// When the process ended; nil while it runs.
    var exitedAt: ContinuousClock.Instant? { termination.value?.at }
    var stdoutSoFar: String { output.value.text }
    /// When each line of standard output so far arrived.
    var stdoutLineArrivals: [ContinuousClock.Instant] { output.value.lineArrivals }
    var stderrSoFar: String { errors.value.text }

    /// Waits until standard output satisfies `condition`.
    func waitForOutput(
        timeout: Duration = .seconds(20), _ condition: @escaping @Sendable (String) -> Bool
    ) async -> Bool {
        await output.waitFor(timeout: timeout) { condition($0.text) }
    }

    /// Waits until standard error satisfies `condition`.
    func waitForErrors(
        timeout: Duration = .seconds(20), _ condition: @escaping @Sendable (String) -> Bool
    ) async -> Bool {
        await errors.waitFor(timeout: timeout) { condition($0.text) }
    }

    /// Waits up to `timeout` for the process to end by itself, then kills it; returns once it has
    /// ended and both pipes are drained.
    func finish(timeout: Duration = .seconds(60)) async -> Result {
        if await !termination.waitFor(timeout: timeout, { $0 != nil }) {
            kill(processIdentifier, SIGKILL)
            _ = await termination.waitFor(timeout: .seconds(10)) { $0 != nil }
        }
        // Both ends close with the process (it starts no children that keep them open).
        _ = await output.waitFor(timeout: .seconds(5)) { $0.ended }
        _ = await errors.waitFor(timeout: .seconds(5)) { $0.ended }
        closeInput()
        return Result(status: termination.value?.status ?? -1, stdout: output.value.text, stderr: errors.value.text)
    }

    /// Ends the process at once (SIGKILL), as a crash or an out-of-memory kill would.
    func killNow() async -> Result {
        signal(SIGKILL)
        return await finish(timeout: .seconds(10))
    }

    /// Runs to completion with `input` on standard input.
    static func run(
        _ arguments: [String], environment: [String: String], input: String = "", directory: URL? = nil
    ) async throws -> Result {
        let process = try GifbotProcess(arguments, environment: environment, directory: directory)
        process.write(input)
        process.closeInput()
        return await process.finish()
    }
}

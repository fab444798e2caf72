import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The `gifbot` executable built beside the benchmark (the release build `scripts/benchmark`
/// makes, or the debug one), which scenarios 7, 9, 11 and 12 run as a process of its own.
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

    /// A process for the bot on Matrix (`run`), and how long to wait for each of its answers.
    /// `scripts/link-order` runs it under callgrind: GIFBOT_BENCH_MATRIX_COMMAND is then the
    /// wrapper's command line, ending with a copy of the binary, and the waits are ten times
    /// longer, as valgrind runs the bot tens of times slower.
    static func matrixBot(_ binary: URL) -> (process: Process, wait: Duration) {
        let process = Process()
        if let wrapper = matrixBotWrapper, let first = wrapper.first {
            process.executableURL = URL(fileURLWithPath: first)
            process.arguments = Array(wrapper.dropFirst()) + ["run"]
            return (process, .seconds(600))
        }
        process.executableURL = binary
        process.arguments = ["run"]
        return (process, .seconds(60))
    }

    /// The profiler's command line the Matrix bot runs under, if any (GIFBOT_BENCH_MATRIX_COMMAND).
    static var matrixBotWrapper: [String]? {
        ProcessInfo.processInfo.environment["GIFBOT_BENCH_MATRIX_COMMAND"]?.split(separator: " ").map(String.init)
    }

    /// Starts `process` with its executable's pages first dropped from the page cache, as a
    /// service started after a boot reads them: by its own page faults.
    ///
    /// A resident set counts every page of the executable mapped into the process, and how many
    /// the kernel maps around each fault depends on how the page cache holds the file: a file
    /// read through `read` (a copy, a `cat`, a checksum) sits there in large folios where the
    /// device's read-ahead is large, and this machine's kernel (6.18) maps such a folio whole.
    /// One build of the bot, joined to a Matrix room on this benchmark's machine (read-ahead
    /// 8 MiB), held 17.4 MiB started cold, 19.0 MiB just after its file was written and 21.3 MiB
    /// after a `cat` of it. Started cold, the figure is the code's, not what earlier readers of
    /// the file left in the cache (the layout of the code still moves it a little between builds).
    static func startCold(_ process: Process) throws {
        if let executable = process.executableURL { dropCachedPages(of: executable) }
        try process.run()
    }

    /// Asks the kernel to drop the file's clean cached pages (`POSIX_FADV_DONTNEED`): pages
    /// another process has mapped stay, and nothing is lost, only read again when needed.
    private static func dropCachedPages(of file: URL) {
        #if canImport(Glibc)
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
        close(descriptor)
        #endif
    }
}

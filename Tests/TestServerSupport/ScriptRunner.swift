import Foundation

/// Runs a test server's shell script with Foundation's Process and awaits its exit without
/// blocking a thread. The scripts start servers in the background and return.
public enum ScriptRunner {
    /// Runs `script` with bash and returns its exit status. Output goes to `output` (a file),
    /// never to a pipe: a server left running must hold nothing that keeps the test waiting.
    public static func run(
        _ script: URL, arguments: [String] = [], environment: [String: String] = [:],
        output: FileHandle? = nil
    ) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path] + arguments
        process.environment = ProcessInfo.processInfo.environment
            .merging(["TEST_SERVER_SCRIPTS": sharedScripts.path]) { $1 }
            .merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = output ?? FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                continuation.resume(returning: finished.terminationStatus)
            }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
            }
        }
        // Foundation stops watching a Process that is freed early: keep it until it exited.
        withExtendedLifetime(process) {}
        return status
    }

    /// The shell helpers every server's scripts source (`Scripts/processes.sh`). A server's
    /// scripts are copied into that server's own resource bundle, so they are told where
    /// TestServerSupport's bundle put these.
    static var sharedScripts: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Scripts")
    }
}

import Foundation

/// Runs the bundled shell scripts in Servers/ with Foundation's Process, awaiting their exit
/// without blocking a thread. The scripts start the servers in the background and return.
enum ServerScripts {
    static func directory() throws -> URL {
        guard let resources = Bundle.module.resourceURL else {
            throw IRCTestServerError.missingResource("IRCTestSupport resource bundle")
        }
        return resources.appendingPathComponent("Servers")
    }

    /// Runs `script` with bash; throws with the instance's log tail if it exits non-zero.
    static func run(
        _ script: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        instance: URL
    ) async throws {
        let path = try directory().appendingPathComponent(script).path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // The scripts log into the instance folder; nothing must hold a pipe to us, or
        // the servers they leave running would keep it open.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
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
        guard status == 0 else {
            throw IRCTestServerError.scriptFailed(script: script, status: status, log: InstanceDirectory.logTail(instance))
        }
    }
}

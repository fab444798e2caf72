import Foundation
import TestServerSupport

/// Runs the bundled shell scripts in Synapse/ with Foundation's Process, awaiting their exit
/// without blocking a thread.
enum SynapseScripts {
    static func directory() throws -> URL {
        guard let resources = Bundle.module.resourceURL else {
            throw SynapseServerError.missingResource("MatrixTestSupport resource bundle")
        }
        return resources.appendingPathComponent("Synapse")
    }

    /// Runs `script` with bash, its output appended to `log`; throws with `describeFailure()`
    /// (a log tail) if it exits non-zero.
    static func run(
        _ script: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        log: URL,
        describeFailure: @Sendable () -> String
    ) async throws {
        let path = try directory().appendingPathComponent(script).path
        if !FileManager.default.fileExists(atPath: log.path) {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        try output.seekToEnd()

        // A file rather than a pipe: Synapse, left running by start-synapse.sh, must hold
        // nothing that keeps us waiting.
        let status = try await ScriptRunner.run(
            URL(fileURLWithPath: path), arguments: arguments, environment: environment,
            output: output)
        guard status == 0 else {
            throw SynapseServerError.scriptFailed(script: script, status: status, log: describeFailure())
        }
    }
}

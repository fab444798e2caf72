import Foundation
import TestServerSupport

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
        let status = try await ScriptRunner.run(
            try directory().appendingPathComponent(script), arguments: arguments,
            environment: environment)
        guard status == 0 else {
            throw IRCTestServerError.scriptFailed(
                script: script, status: status, log: InstanceDirectory.logTail(instance))
        }
    }
}

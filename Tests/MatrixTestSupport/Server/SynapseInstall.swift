import Foundation
import Synchronization

/// Makes sure the Synapse venv exists, once per test process: install-synapse.sh is quick when
/// the venv is there (no pip at all) and takes about 80 s when it is not. Concurrent callers
/// share one run; a failed run is forgotten so that a later call retries.
enum SynapseInstall {
    private static let run = Mutex<Task<Void, any Error>?>(nil)

    static func ensureInstalled() async throws {
        let task = run.withLock { current in
            if let current { return current }
            let task = Task { try await install() }
            current = task
            return task
        }
        do {
            try await task.value
        } catch {
            run.withLock { current in
                if current == task { current = nil }
            }
            throw error
        }
    }

    private static func install() async throws {
        let started = ContinuousClock.now
        let root = SynapseInstance.root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let log = root.appendingPathComponent("install-synapse.log")
        try? FileManager.default.removeItem(at: log)
        try await SynapseScripts.run("install-synapse.sh", log: log) {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return "--- \(log.path)\n" + text.split(separator: "\n").suffix(40).joined(separator: "\n")
        }
        let venv =
            (try? String(contentsOf: log, encoding: .utf8))?
            .split(separator: "\n").last.map(String.init) ?? "?"
        Diagnostics.note("Synapse venv ready in \(Diagnostics.seconds(ContinuousClock.now - started)) (\(venv))")
    }
}

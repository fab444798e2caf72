import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes sure no Synapse outlives the test process: at normal exit an atexit hook stops every
/// instance this process started (SIGTERM, SIGKILL after 5 s), waits until they are gone, and
/// removes their folders. (After a crash, each instance's watchdog.sh does the same;
/// Synapse/stop-all.sh cleans up regardless.)
enum ProcessCleanup {
    private static let directories = Mutex<Set<String>>([])

    private static let installHook: Void = {
        atexit {
            ProcessCleanup.stopEverything()
        }
    }()

    static func register(_ directory: URL) {
        _ = installHook
        directories.withLock { _ = $0.insert(directory.path) }
    }

    /// Synchronous and blocking on purpose: it runs inside exit(), where nothing can be awaited
    /// and no event loop is left to block. Waiting keeps `swift test` from returning while a
    /// Synapse is still shutting down (it takes up to a second or two after SIGTERM).
    private static func stopEverything() {
        let paths = directories.withLock { $0 }
        var running: [pid_t] = []
        for path in paths {
            let directory = URL(fileURLWithPath: path)
            for name in ["synapse", "watchdog"] {
                if let pid = SynapseInstance.pid(directory, name), SynapseInstance.isAlive(pid) {
                    kill(pid, SIGTERM)
                    running.append(pid)
                }
            }
        }
        var waited = 0
        while running.contains(where: SynapseInstance.isAlive), waited < 5_000 {
            usleep(20_000)
            waited += 20
        }
        for pid in running where SynapseInstance.isAlive(pid) {
            kill(pid, SIGKILL)
        }
        for path in paths {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}

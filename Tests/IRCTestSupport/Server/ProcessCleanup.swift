import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes sure no server outlives the test process: at normal exit an atexit hook sends
/// SIGTERM to every process of every instance this process started and removes their
/// folders. (After a crash, each instance's watchdog.sh does the same; Servers/stop-all.sh
/// cleans up everything regardless.)
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

    /// Synchronous on purpose: it runs inside exit(), where nothing can be awaited.
    private static func stopEverything() {
        let paths = directories.withLock { $0 }
        for path in paths {
            let directory = URL(fileURLWithPath: path)
            for name in JobFiles.allNames {
                if let pid = JobFiles.pid(directory, name), JobFiles.isAlive(pid) {
                    kill(pid, SIGTERM)
                    kill(pid, SIGCONT)  // a paused Atheme handles SIGTERM only when continued
                }
            }
            try? FileManager.default.removeItem(at: directory)
        }
    }
}

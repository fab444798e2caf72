import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes sure no test server outlives the test process: at normal exit an atexit hook stops the
/// processes of every registered instance (SIGTERM, SIGKILL for those still there after 5 s),
/// waits until they are gone, and removes the instance folders. (After a crash, each instance's
/// watchdog.sh does the same; the stop-all.sh scripts clean up regardless.)
public enum ExitCleanup {
    private struct Instance: Hashable {
        let directory: String
        let pidFiles: [String]
        let stopSignal: Int32
    }

    private static let instances = Mutex<Set<Instance>>([])

    private static let installHook: Void = {
        atexit {
            ExitCleanup.stopEverything()
        }
    }()

    /// - Parameter pidFiles: paths of PID files relative to `directory`.
    /// - Parameter stopSignal: what asks the processes to stop at once (PostgreSQL takes SIGTERM
    ///   as "once every client has gone", SIGINT as "now").
    public static func register(_ directory: URL, pidFiles: [String], stopSignal: Int32 = SIGTERM) {
        _ = installHook
        instances.withLock {
            _ = $0.insert(Instance(directory: directory.path, pidFiles: pidFiles, stopSignal: stopSignal))
        }
    }

    /// Synchronous and blocking on purpose: it runs inside exit(), where nothing can be awaited
    /// and no event loop is left to block.
    private static func stopEverything() {
        let registered = instances.withLock { $0 }
        var running: [pid_t] = []
        for instance in registered {
            for file in instance.pidFiles {
                let url = URL(fileURLWithPath: instance.directory).appendingPathComponent(file)
                guard let pid = ProcessStatus.pid(in: url), ProcessStatus.isAlive(pid) else { continue }
                kill(pid, instance.stopSignal)
                kill(pid, SIGCONT)  // a paused (SIGSTOP) process handles SIGTERM only when continued
                running.append(pid)
            }
        }
        var waited = 0
        while running.contains(where: ProcessStatus.isAlive), waited < 5_000 {
            usleep(20_000)
            waited += 20
        }
        for pid in running where ProcessStatus.isAlive(pid) {
            kill(pid, SIGKILL)
        }
        for instance in registered {
            try? FileManager.default.removeItem(atPath: instance.directory)
        }
    }
}

import GifBotCore
import Logging
import ProcessTuning
import ServiceLifecycle

/// Once every adapter is first ready, the executable's pages that start-up brought in and the
/// heap it freed are given back (`StartupPages`, `ProcessMemory`), then nothing more until
/// shutdown.
struct StartupPagesRelease: Service {
    let readiness: [any ReadinessReporting]
    let logger: Logger

    func run() async throws {
        let ready = await cancellingOnGracefulShutdown { await untilReady() }
        if ready {
            let kib = StartupPages.release()
            ProcessMemory.returnFreeMemory()
            // Once a start, at info: what the process holds from then on begins here.
            logger.info("Start-up pages released", metadata: ["resident_kib": "\(kib)"])
        }
        // A service that returns would end the group: this one waits for the shutdown.
        try? await gracefulShutdown()
    }

    /// Waits until no adapter reports a problem; false when cancelled first. Asked ten times a
    /// second for the first minute (a bot is usually ready in one or two), then twice a minute.
    private func untilReady() async -> Bool {
        let started = ContinuousClock.now
        while !Task.isCancelled {
            var problem = false
            for part in readiness where await part.readinessProblem() != nil {
                problem = true
                break
            }
            if !problem { return true }
            let interval: Duration = ContinuousClock.now - started < .seconds(60) ? .milliseconds(100) : .seconds(30)
            do { try await Task.sleep(for: interval) } catch { return false }
        }
        return false
    }
}

import GifBotCore
import Logging
import ProcessTuning
import ServiceLifecycle
import Storage
import Synchronization

/// How long a lease lasts and how often it is renewed or asked for. A holder that dies stops
/// renewing; a standby takes over once the lease has expired, within
/// `duration + standbyPoll` (under 30 s with the defaults).
package struct LeaseTiming: Sendable {
    package var duration = Duration.seconds(15)
    package var renewEvery = Duration.seconds(5)
    package var standbyPoll = Duration.seconds(3)
}

/// Runs a chat adapter only while this instance holds the adapter's lease in the shared
/// database, so two instances configured for the same IRC network or Matrix account never
/// both answer. Without the lease it waits as a hot standby; when the lease is lost (another
/// instance took it after this one could not renew in time) the adapter is stopped at once.
/// On a graceful shutdown the lease is released, so a standby takes over within seconds.
///
/// For `/readyz` a standby is ready: it is healthy and able to take over, and an orchestrator
/// must neither restart it nor hold a rollout for it. The serving instance reports its adapter.
package final class LeasedService: Service, ReadinessReporting {
    package let lease: String
    package let owner: String
    package let store: BotStore
    package let adapter: any Service
    package let status: AdapterStatus
    package let timing: LeaseTiming
    package let logger: Logger
    private let standingBy = Atomic<Bool>(false)

    package init(
        lease: String, owner: String, store: BotStore, adapter: any Service, status: AdapterStatus,
        timing: LeaseTiming = LeaseTiming(), logger: Logger
    ) {
        self.lease = lease
        self.owner = owner
        self.store = store
        self.adapter = adapter
        self.status = status
        self.timing = timing
        self.logger = logger
    }

    /// Whether another instance holds the lease and this one waits.
    package var isStandingBy: Bool { standingBy.load(ordering: .relaxed) }

    package func readinessProblem() async -> String? {
        standingBy.load(ordering: .relaxed) ? nil : await status.readinessProblem()
    }

    package func readinessWarnings() async -> [String] {
        standingBy.load(ordering: .relaxed) ? [] : await status.readinessWarnings()
    }

    package func run() async throws {
        var announcedHolder: String?
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            if await take() {
                standingBy.store(false, ordering: .relaxed)
                logger.info("Serving: this instance holds the lease", metadata: ["lease": "\(lease)"])
                announcedHolder = nil
                // An adapter that stopped by itself (a refused Matrix token) stays stopped.
                guard try await serveWhileHeld() == .lost else { return }
                continue
            }
            let holder = try? await store.leaseHolder(lease)
            if holder != announcedHolder, let holder {
                logger.info(
                    "Standing by: another instance holds the lease",
                    metadata: ["lease": "\(lease)", "holder": "\(holder)"])
                announcedHolder = holder
            }
            // Not the lease's name: a Matrix lease holds the homeserver's address.
            status.disconnected("standby: another instance serves this adapter")
            standingBy.store(true, ordering: .relaxed)
            do { try await cancellingOnGracefulShutdown { try await Task.sleep(for: self.timing.standbyPoll) } } catch {
                break
            }
        }
    }

    private func take() async -> Bool {
        do {
            return try await store.acquireLease(lease, owner: owner, seconds: Int(timing.duration.components.seconds))
        } catch {
            logger.warning("Could not ask for the lease", metadata: ["lease": "\(lease)", "error": "\(error)"])
            return false
        }
    }

    private enum Outcome {
        case lost, finished
    }

    /// The adapter and the renewals side by side: whichever ends first ends the other.
    private func serveWhileHeld() async throws -> Outcome {
        let lost = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await self.adapter.run()
                return false
            }
            group.addTask { await self.renewUntilLost() }
            let lost = try await group.next() ?? false
            group.cancelAll()
            return lost
        }
        if lost {
            logger.warning("Lease lost; stopping and standing by", metadata: ["lease": "\(lease)"])
            return .lost
        }
        try? await store.releaseLease(lease, owner: owner)
        return .finished
    }

    /// Renews until the lease is gone (true), or until cancelled (false). A renewal that fails
    /// for a database error is retried while the lease surely still runs.
    private func renewUntilLost() async -> Bool {
        var heldUntil = ContinuousClock.now + timing.duration
        while true {
            do { try await Task.sleep(for: timing.renewEvery) } catch { return false }
            do {
                guard
                    try await store.acquireLease(lease, owner: owner, seconds: Int(timing.duration.components.seconds))
                else {
                    return true
                }
                heldUntil = .now + timing.duration
            } catch {
                if Task.isCancelled { return false }
                logger.warning("Could not renew the lease", metadata: ["lease": "\(lease)", "error": "\(error)"])
                // Stop while the lease is still ours: past its end another instance may serve.
                if ContinuousClock.now + timing.renewEvery >= heldUntil { return true }
            }
        }
    }
}

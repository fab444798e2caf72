import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// SIGTERM and SIGINT, from one listener: the first starts the service group's graceful
/// shutdown; a second ends the process at once (an operator who signals again wants it gone now).
/// One listener, not the group's own beside this one: each has its own dispatch source, and a
/// second signal sent as soon as the group had logged the first could reach this one merged
/// with the first (dispatch coalesces signals not yet handled), and be missed.
package struct ShutdownSignals: Sendable {
    private let signals: UnixSignalsSequence

    /// Listens from the moment this returns, before any service starts, so the first signal
    /// is never missed and a later one is always the second.
    package static func listen() async -> ShutdownSignals {
        ShutdownSignals(signals: await UnixSignalsSequence(trapping: [.sigterm, .sigint]))
    }

    /// Exit status after a second signal: 128 + the signal's number, as a shell reports it.
    package static func exitStatus(for signal: UnixSignal) -> Int32 {
        signal == .sigint ? 130 : 143
    }

    /// Returns when cancelled: shuts `group` down gracefully on the first signal, and exits the
    /// process on the second.
    package func handle(_ group: ServiceGroup, logger: Logger) async {
        var received = 0
        for await signal in signals {
            received += 1
            if received == 1 {
                logger.notice("Shutting down gracefully", metadata: ["signal": "\(signal)"])
                await group.triggerGracefulShutdown()
                continue
            }
            logger.warning("Second signal during shutdown; exiting at once", metadata: ["signal": "\(signal)"])
            exit(Self.exitStatus(for: signal))
        }
    }
}

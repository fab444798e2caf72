import Foundation
import Logging
import UnixSignals

/// The service group turns the first SIGTERM or SIGINT into a graceful shutdown and ignores
/// the next ones; an operator who signals again wants the process gone now.
struct SecondSignal: Sendable {
    private let signals: UnixSignalsSequence

    /// Listens from the moment this returns, before any service starts, so the first signal
    /// is never missed and a later one is always the second.
    static func listen() async -> SecondSignal {
        SecondSignal(signals: await UnixSignalsSequence(trapping: [.sigterm, .sigint]))
    }

    /// Exit status after a second signal: 128 + the signal's number, as a shell reports it.
    static func exitStatus(for signal: UnixSignal) -> Int32 {
        signal == .sigint ? 130 : 143
    }

    /// Returns when cancelled; exits the process on the second signal.
    func exitWhenRepeated(logger: Logger) async {
        var received = 0
        for await signal in signals {
            received += 1
            guard received >= 2 else { continue }
            logger.warning("Second signal during shutdown; exiting at once", metadata: ["signal": "\(signal)"])
            exit(Self.exitStatus(for: signal))
        }
    }
}

import Foundation
import Logging

extension IRCClientState {
    mutating func beginSASL(now: ContinuousClock.Instant) -> [IRCClientAction] {
        sasl = .waiting(deadline: now + configuration.timing.saslStepTimeout)
        return [
            .send(
                IRCMessage(command: "AUTHENTICATE", parameters: [configuration.saslMechanism.rawValue]),
                bypassFloodControl: true)
        ]
    }

    mutating func receiveSASL(_ message: IRCMessage, now: ContinuousClock.Instant) -> [IRCClientAction] {
        switch message.command {
        case "AUTHENTICATE":
            guard case .waiting = sasl, message.parameters.first == "+" else { return [] }
            sasl = .waiting(deadline: now + configuration.timing.saslStepTimeout)
            let payloads: [String]
            switch configuration.saslMechanism {
            case .plain:
                payloads = SASLPlain.authenticateLines(
                    account: configuration.saslUsername ?? "", password: configuration.saslPassword ?? "")
            case .external:
                payloads = ["+"]
            }
            return payloads.map {
                .send(IRCMessage(command: "AUTHENTICATE", parameters: [$0]), bypassFloodControl: true)
            }
        case "900":
            if message.parameters.count >= 3 { account = message.parameters[2] }
            return [.log(.info, "logged in as \(account ?? "?")")]
        case "901":
            account = nil
            return []
        case "903", "907":
            sasl = .finished
            return [.log(.info, "SASL authentication succeeded")] + endNegotiationIfDone()
        case "902", "904", "905", "906", "908":
            guard case .waiting = sasl else { return [] }
            return saslFailed(reason: "\(message.command) \(message.parameters.last ?? "")")
        default:
            return []
        }
    }

    /// SASL did not succeed: go on without an account (with a warning) or drop the connection,
    /// as configured.
    mutating func saslFailed(reason: String) -> [IRCClientAction] {
        sasl = .finished
        if configuration.continueWithoutSASL {
            return [
                .log(
                    .warning,
                    "SASL login as \(configuration.saslUsername ?? "(certificate)") failed (\(reason)); continuing without an account"
                )
            ]
                + endNegotiationIfDone()
        }
        phase = .closing
        return [
            .log(
                .error,
                "SASL login as \(configuration.saslUsername ?? "(certificate)") failed (\(reason)); disconnecting because irc.sasl_required is set"
            ),
            .disconnect(reason: "SASL failed"),
        ]
    }

    /// Called on every tick: services that are down never answer `AUTHENTICATE`.
    mutating func checkSASLTimeout(now: ContinuousClock.Instant) -> [IRCClientAction] {
        guard case .waiting(let deadline) = sasl, now >= deadline else { return [] }
        let abort = IRCClientAction.send(
            IRCMessage(command: "AUTHENTICATE", parameters: ["*"]), bypassFloodControl: true)
        return [abort] + saslFailed(reason: "no answer within \(configuration.timing.saslStepTimeout)")
    }
}

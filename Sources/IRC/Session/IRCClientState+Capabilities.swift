import Foundation
import Logging

extension IRCClientState {
    /// CAP LS (possibly several lines), ACK, NAK, NEW and DEL.
    mutating func receiveCapability(_ message: IRCMessage, now: ContinuousClock.Instant) -> [IRCClientAction] {
        // CAP <target> <subcommand> [*] :<list>
        guard message.parameters.count >= 3 else { return [] }
        let subcommand = message.parameters[1].uppercased()
        let isContinued = message.parameters.count >= 4 && message.parameters[2] == "*"
        let list = CapabilityList.parse(message.parameters.last ?? "")
        switch subcommand {
        case "LS":
            offeredCapabilities.merge(list) { $1 }
            guard !isContinued, !capabilityListComplete else { return [] }
            capabilityListComplete = true
            return requestCapabilities(Set(offeredCapabilities.keys), now: now)
        case "ACK":
            pendingCapabilityRequests = max(0, pendingCapabilityRequests - 1)
            for (name, _) in list { enabledCapabilities.insert(name) }
            let removed = (message.parameters.last ?? "").split(separator: " ").filter { $0.hasPrefix("-") }
            for name in removed { enabledCapabilities.remove(String(name.dropFirst()).lowercased()) }
            var actions: [IRCClientAction] = [
                .log(.debug, "capabilities enabled: \(enabledCapabilities.sorted().joined(separator: " "))")
            ]
            if list.keys.contains("sasl"), phase == .registering, sasl == .idle, configuration.wantsSASL {
                actions += beginSASL(now: now)
            }
            return actions + endNegotiationIfDone()
        case "NAK":
            pendingCapabilityRequests = max(0, pendingCapabilityRequests - 1)
            // A refused request is refused as a whole: ask for each one alone so one unknown
            // capability does not cost the others.
            let refused = Array(list.keys)
            if refused.count > 1 {
                pendingCapabilityRequests += refused.count
                return refused.sorted().map {
                    .send(IRCMessage(command: "CAP", parameters: ["REQ", $0]), bypassFloodControl: true)
                }
            }
            return [.log(.debug, "capability refused: \(refused.joined())")] + endNegotiationIfDone()
        case "NEW":
            offeredCapabilities.merge(list) { $1 }
            return requestCapabilities(Set(list.keys), now: now)
        case "DEL":
            for name in list.keys {
                offeredCapabilities[name] = nil
                enabledCapabilities.remove(name)
            }
            return [.log(.info, "server withdrew capabilities: \(list.keys.sorted().joined(separator: " "))")]
        default:
            return []
        }
    }

    private mutating func requestCapabilities(_ offered: Set<String>, now: ContinuousClock.Instant) -> [IRCClientAction]
    {
        var wanted = Self.wantedCapabilities
        if configuration.wantsSASL, phase == .registering, saslMechanismOffered { wanted.insert("sasl") }
        let request = offered.intersection(wanted).subtracting(enabledCapabilities).sorted()
        guard !request.isEmpty else { return endNegotiationIfDone() }
        pendingCapabilityRequests += 1
        return [
            .send(
                IRCMessage(command: "CAP", parameters: ["REQ", request.joined(separator: " ")]),
                bypassFloodControl: true)
        ]
    }

    /// Whether the server lists the configured mechanism (`sasl=PLAIN,EXTERNAL`; a bare `sasl`
    /// lists nothing and is taken as offering all).
    private var saslMechanismOffered: Bool {
        guard let value = offeredCapabilities["sasl"] else { return false }
        if value.isEmpty { return true }
        return value.uppercased().split(separator: ",").contains(Substring(configuration.saslMechanism.rawValue))
    }

    /// `CAP END` once nothing is pending: no request unanswered and SASL not under way.
    mutating func endNegotiationIfDone() -> [IRCClientAction] {
        guard phase == .registering, !capabilityNegotiationEnded, capabilityListComplete,
            pendingCapabilityRequests == 0
        else { return [] }
        if case .waiting = sasl { return [] }
        capabilityNegotiationEnded = true
        return [.send(IRCMessage(command: "CAP", parameters: ["END"]), bypassFloodControl: true)]
    }
}

import Foundation

extension IRCClientState {
    /// Called about once a second: timeouts, liveness, scheduled rejoins, nick regain.
    public mutating func tick(now: ContinuousClock.Instant) -> [IRCClientAction] {
        guard phase != .closing else { return [] }
        var actions = checkSASLTimeout(now: now)
        if phase == .registering, now - connectedAt >= configuration.timing.registrationTimeout {
            phase = .closing
            return actions + [
                .disconnect(reason: "registration did not finish within \(configuration.timing.registrationTimeout)")
            ]
        }
        actions += checkLiveness(now: now)
        guard phase == .registered else { return actions }
        if let fallback = joinFallbackAt, now >= fallback { actions += joinInitialChannels() }
        let due = scheduledRejoins.filter { $0.at <= now }
        scheduledRejoins.removeAll { $0.at <= now }
        actions += joinLines(for: due.map(\.channel)).map { .send($0, bypassFloodControl: false) }
        if fold(nick) != fold(nickChoice.wanted),
            lastNickRegainAttempt.map({ now - $0 >= configuration.timing.nickRegainInterval }) ?? true
        {
            lastNickRegainAttempt = now
            actions.append(
                .send(IRCMessage(command: "NICK", parameters: [nickChoice.wanted]), bypassFloodControl: false))
        }
        return actions
    }

    /// After a silence the bot pings the server; no answer in time means a dead connection.
    private mutating func checkLiveness(now: ContinuousClock.Instant) -> [IRCClientAction] {
        if let outstanding = outstandingPing {
            guard now - outstanding.sentAt >= configuration.timing.pingTimeout else { return [] }
            phase = .closing
            return [.disconnect(reason: "no answer to PING within \(configuration.timing.pingTimeout)")]
        }
        guard now - lastReceived >= configuration.timing.pingInterval else { return [] }
        pingCounter += 1
        let token = "gifbot-\(pingCounter)"
        outstandingPing = (token, now)
        return [.send(IRCMessage(command: "PING", parameters: [token]), bypassFloodControl: true)]
    }

    /// QUIT before closing on shutdown.
    public mutating func quit(reason: String) -> [IRCClientAction] {
        phase = .closing
        return [.send(IRCMessage(command: "QUIT", parameters: [reason]), bypassFloodControl: true)]
    }
}

import Foundation

extension IRCClientState {
    /// `001` and `005`, the end of the MOTD, nick collisions, and nick changes.
    mutating func receiveRegistration(_ message: IRCMessage, now: ContinuousClock.Instant) -> [IRCClientAction] {
        switch message.command {
        case "001":
            phase = .registered
            hasRegistered = true
            if let given = message.parameters.first, !given.isEmpty { nick = given }
            // Some servers send no MOTD at all: join anyway a little later.
            joinFallbackAt = now + .seconds(5)
            return [.log(.info, "registered as \(nick)")]
        case "005":
            isupport.apply(message)
            return requestBotMode()
        case "376", "422":
            return joinInitialChannels()
        case "432", "433", "436", "437":
            guard phase == .registering else { return [] }
            return [.send(IRCMessage(command: "NICK", parameters: [nextAlternateNick()]), bypassFloodControl: true)]
        case "NICK":
            guard isOwnNick(message.sourceNick), let newNick = message.parameters.first else {
                return regainNickIfFreed(by: message, now: now)
            }
            nick = newNick
            return [.log(.info, "now known as \(nick)")]
        case "QUIT":
            return regainNickIfFreed(by: message, now: now)
        default:
            return []
        }
    }

    /// `gifbot_`, `gifbot__`, then `gifbot1`, `gifbot2`, …: the configured nick stays recognisable.
    mutating func nextAlternateNick() -> String {
        alternateNickIndex += 1
        let base = configuration.nick
        nick = alternateNickIndex <= 2 ? base + String(repeating: "_", count: alternateNickIndex) : base + String(alternateNickIndex - 2)
        return nick
    }

    /// The holder of the configured nick left or changed nick: take it back at once.
    private mutating func regainNickIfFreed(by message: IRCMessage, now: ContinuousClock.Instant) -> [IRCClientAction] {
        guard phase == .registered, fold(nick) != fold(configuration.nick),
              let leaver = message.sourceNick, fold(leaver) == fold(configuration.nick) else { return [] }
        lastNickRegainAttempt = now
        return [.send(IRCMessage(command: "NICK", parameters: [configuration.nick]), bypassFloodControl: false)]
    }

    /// Bot mode (`BOT=B` in 005): clients then show the bot as one, and the server tags its messages.
    private mutating func requestBotMode() -> [IRCClientAction] {
        guard phase == .registered, !botModeRequested, let mode = isupport.botMode, !mode.isEmpty else { return [] }
        botModeRequested = true
        return [.send(IRCMessage(command: "MODE", parameters: [nick, "+\(mode)"]), bypassFloodControl: true)]
    }

    mutating func joinInitialChannels() -> [IRCClientAction] {
        guard phase == .registered, !joinedInitialChannels else { return [] }
        joinedInitialChannels = true
        joinFallbackAt = nil
        return requestBotMode() + joinLines(for: channels).map { .send($0, bypassFloodControl: false) }
    }

    /// JOIN lines for several channels, keyed channels first (a key list applies in order).
    func joinLines(for channels: [IRCNetworkConfiguration.Channel]) -> [IRCMessage] {
        channels.sorted { ($0.key != nil ? 0 : 1) < ($1.key != nil ? 0 : 1) }.map { channel in
            IRCMessage(command: "JOIN", parameters: channel.key.map { [channel.name, $0] } ?? [channel.name])
        }
    }
}

import Foundation
import Logging

extension IRCClientState {
    /// `001` and `005`, the end of the MOTD, nick collisions, and nick changes.
    mutating func receiveRegistration(_ message: IRCMessage, now: ContinuousClock.Instant) -> [IRCClientAction] {
        switch message.command {
        case "001":
            phase = .registered
            hasRegistered = true
            if let given = message.parameters.first, !given.isEmpty {
                let caseMapping = caseMapping
                nickChoice.registered(as: given, fold: caseMapping.fold)
                nick = given
            }
            // Some servers send no MOTD at all: join anyway a little later.
            joinFallbackAt = now + .seconds(5)
            return [.log(.info, "registered as \(nick)")]
        case "005":
            isupport.apply(message)
            if let length = isupport.nickLength { nickChoice.serverAnnounced(lengthLimit: length) }
            return requestBotMode()
        case "376", "422":
            return joinInitialChannels()
        case "432", "433", "436", "437":
            guard phase == .registering else { return [] }
            return tryAnotherNick(after: message)
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

    /// The nick asked for was refused: `gifbot_`, `gifbot__`, then `gifbot1`, `gifbot2`, …,
    /// each within the server's nick length, so the configured nick stays recognisable. The
    /// refused nick is the second parameter (`433 * gifbot :Nickname is already in use`).
    private mutating func tryAnotherNick(after message: IRCMessage) -> [IRCClientAction] {
        let named = message.parameters.count >= 3 ? message.parameters[1] : nil
        let caseMapping = caseMapping
        let next =
            message.command == "432" ? nickChoice.refused() : nickChoice.taken(named: named, fold: caseMapping.fold)
        guard let next else {
            phase = .closing
            let reason =
                "the server accepted none of \(NickChoice.maximumAttempts) nicks; last refused: \(named ?? nick) (\(message.command) \(message.parameters.last ?? ""))"
            return [.log(.error, reason), .disconnect(reason: "no nick accepted")]
        }
        nick = next
        return [.send(IRCMessage(command: "NICK", parameters: [next]), bypassFloodControl: true)]
    }

    /// The holder of the wanted nick left or changed nick: take it back at once.
    private mutating func regainNickIfFreed(by message: IRCMessage, now: ContinuousClock.Instant) -> [IRCClientAction] {
        let wanted = nickChoice.wanted
        guard phase == .registered, fold(nick) != fold(wanted),
            let leaver = message.sourceNick, fold(leaver) == fold(wanted)
        else { return [] }
        lastNickRegainAttempt = now
        return [.send(IRCMessage(command: "NICK", parameters: [wanted]), bypassFloodControl: false)]
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

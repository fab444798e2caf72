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

    /// At most this many channels to a JOIN line: servers that cap a command's targets allow at
    /// least this many, and 500 channels still take 50 lines, not 500 at one a second.
    static let channelsPerJoin = 10
    /// The channel and key lists of one JOIN stay under this, well inside a 512-byte line.
    static let joinListBytes = 400

    /// JOIN lines for several channels, several to a line (`JOIN #a,#b key`, RFC 2812), keyed
    /// channels first in each: a key list applies to the channels in order.
    func joinLines(for channels: [IRCNetworkConfiguration.Channel]) -> [IRCMessage] {
        let ordered = channels.sorted { ($0.key != nil ? 0 : 1) < ($1.key != nil ? 0 : 1) }
        var lines: [[IRCNetworkConfiguration.Channel]] = []
        var bytes = 0
        for channel in ordered {
            let size = channel.name.utf8.count + 1 + (channel.key.map { $0.utf8.count + 1 } ?? 0)
            if let last = lines.last, last.count < Self.channelsPerJoin, bytes + size <= Self.joinListBytes {
                lines[lines.count - 1].append(channel)
                bytes += size
            } else {
                lines.append([channel])
                bytes = size
            }
        }
        return lines.map { line in
            let names = line.map(\.name).joined(separator: ",")
            let keys = line.compactMap(\.key)
            return IRCMessage(
                command: "JOIN", parameters: keys.isEmpty ? [names] : [names, keys.joined(separator: ",")])
        }
    }
}

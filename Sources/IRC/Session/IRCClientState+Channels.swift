import Foundation
import Logging

extension IRCClientState {
    /// JOIN echoes, KICKs, PARTs, INVITEs and PRIVMSGs.
    mutating func receiveChannelTraffic(_ message: IRCMessage, now: ContinuousClock.Instant) -> [IRCClientAction] {
        switch message.command {
        case "JOIN":
            guard isOwnNick(message.sourceNick), let channel = message.parameters.first else { return [] }
            ownPrefix = message.source
            joinedChannels.insert(fold(channel))
            let wasRefused = joinFailures.removeValue(forKey: fold(channel)) != nil
            return [.log(wasRefused ? .notice : .info, "joined \(channel)")]
        case "KICK":
            guard message.parameters.count >= 2, isOwnNick(message.parameters[1]) else { return [] }
            let channel = message.parameters[0]
            joinedChannels.remove(fold(channel))
            let configured = channels.first { fold($0.name) == fold(channel) } ?? .init(name: channel)
            scheduledRejoins.append((configured, now + configuration.timing.rejoinAfterKick))
            return [
                .log(
                    .warning,
                    "kicked from \(channel) by \(message.sourceNick ?? "?"): \(message.parameters.count > 2 ? message.parameters[2] : ""); rejoining in \(configuration.timing.rejoinAfterKick)"
                )
            ]
        case "PART":
            // Parted by a server or operator (the bot never parts on its own): not in it any more.
            guard isOwnNick(message.sourceNick), let list = message.parameters.first else { return [] }
            for channel in list.split(separator: ",") { joinedChannels.remove(fold(String(channel))) }
            return [.log(.warning, "parted from \(list)")]
        case "INVITE":
            guard message.parameters.count >= 2, let inviter = message.sourceNick else { return [] }
            let channel = message.parameters[1]
            if let actions = followInviteToRefusedChannel(channel) { return actions }
            guard isAdmin(nick: inviter, account: message.tags["account"]) else {
                return [.log(.notice, "ignored an invitation to \(channel) from \(inviter), who is not an admin")]
            }
            let joined = IRCNetworkConfiguration.Channel(name: channel)
            if !channels.contains(where: { fold($0.name) == fold(channel) }) { channels.append(joined) }
            return [
                .log(.info, "invited to \(channel) by admin \(inviter)"),
                .send(IRCMessage(command: "JOIN", parameters: [channel]), bypassFloodControl: false),
            ]
        case "PRIVMSG":
            return receivePrivateMessage(message, now: now)
        default:
            return []
        }
    }

    /// Channels the bot should be in: configured ones plus those an admin invited it to.
    public var wantedChannels: [IRCNetworkConfiguration.Channel] { channels }

    private mutating func receivePrivateMessage(
        _ message: IRCMessage, now: ContinuousClock.Instant
    ) -> [IRCClientAction] {
        guard phase == .registered, message.parameters.count >= 2, let sender = message.sourceNick,
            !isOwnNick(sender)
        else { return [] }  // our own echo (echo-message)
        let target = message.parameters[0]
        let text = message.parameters[1]
        if let ctcp = CTCP.parse(text) {
            return answerCTCP(ctcp.command, ctcp.argument, to: sender, now: now)
        }
        let isPrivate = !isupport.channelTypes.contains(where: { target.hasPrefix(String($0)) })
        let account = Self.ownAccount(of: message)
        return [
            .chat(
                IncomingChat(
                    nick: sender, account: account, replyTarget: isPrivate ? sender : target, isPrivate: isPrivate,
                    text: text, messageID: message.tags["msgid"],
                    senderIsAdmin: isAdmin(nick: sender, account: account)
                        || (!isPrivate && isChannelAdmin(sender, of: target)),
                    senderIsMember: isPrivate || isMember(sender, of: target)))
        ]
    }

    /// VERSION and PING get a NOTICE; ACTION and everything else are ignored. At most one answer
    /// every two seconds, so CTCP floods cannot make the bot flood.
    private mutating func answerCTCP(
        _ command: String, _ argument: String, to sender: String, now: ContinuousClock.Instant
    ) -> [IRCClientAction] {
        guard command == "VERSION" || command == "PING" else { return [] }
        if let last = lastCTCPReply, now - last < .seconds(2) { return [] }
        lastCTCPReply = now
        let answer = command == "VERSION" ? "GifBot \(version), a GIF bot for chat" : String(argument.prefix(100))
        return [
            .send(
                IRCMessage(command: "NOTICE", parameters: [sender, CTCP.encode(command: command, argument: answer)]),
                bypassFloodControl: false)
        ]
    }

    /// Admins are matched by account where the server tells accounts (a nick can be taken by
    /// anyone), by nick only on networks without accounts.
    public func isAdmin(nick: String, account: String?) -> Bool {
        let admins = configuration.admins.map(fold)
        if knowsAccounts {
            guard let account else { return false }
            return admins.contains(fold(account))
        }
        return admins.contains(fold(nick))
    }
}

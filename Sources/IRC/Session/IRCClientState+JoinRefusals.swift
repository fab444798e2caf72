import GifBotCore
import Logging

/// A channel the server would not let the bot join, and when to ask again.
struct JoinFailure: Sendable {
    var refusal: JoinRefusal
    /// Grows with each refusal of the same channel on this connection.
    var backoff: ReconnectBackoff
}

extension IRCClientState {
    /// 403, 405 and 471 to 477 for a channel the bot wants and is not in: logged at warning with
    /// the reason, kept for `/readyz`, and asked again with a growing delay where that can help.
    mutating func receiveJoinRefusal(_ message: IRCMessage, now: ContinuousClock.Instant) -> [IRCClientAction] {
        // <numeric> <our nick> <channel> :<text>
        guard let refusal = JoinRefusal(numeric: message.command), message.parameters.count >= 2 else { return [] }
        let name = message.parameters[1]
        let folded = fold(name)
        // 403 and 477 also answer other commands; only a JOIN the bot is waiting on counts.
        guard !joinedChannels.contains(folded), let channel = channels.first(where: { fold($0.name) == folded }) else {
            return []
        }
        var failure =
            joinFailures[folded]
            ?? JoinFailure(
                refusal: refusal,
                backoff: ReconnectBackoff(
                    initial: configuration.timing.joinRetryInitial,
                    maximum: configuration.timing.joinRetryMaximum))
        failure.refusal = refusal
        let serverText = message.parameters.count > 2 ? String(": \(message.parameters.last ?? "")".prefix(120)) : ""
        let what = "cannot join \(channel.name): \(refusal.reason) (\(refusal.rawValue)\(serverText))"
        let caseMapping = caseMapping
        scheduledRejoins.removeAll { caseMapping.fold($0.channel.name) == folded }
        let plan: String
        if refusal.isWorthRetrying {
            let delay = failure.backoff.nextDelay()
            scheduledRejoins.append((channel, now + delay))
            plan = "trying again in \(Self.seconds(delay)) s"
        } else {
            plan = "trying again on the next connection"
        }
        joinFailures[folded] = failure
        return [.log(.warning, "\(what); \(plan)")]
    }

    /// An invitation into a channel the bot could not get into is followed whoever sends it:
    /// the channel is wanted anyway, and a channel operator inviting the bot is how an
    /// invite-only channel lets it in.
    mutating func followInviteToRefusedChannel(_ channel: String) -> [IRCClientAction]? {
        let folded = fold(channel)
        guard joinFailures[folded] != nil, !joinedChannels.contains(folded),
            let wanted = channels.first(where: { fold($0.name) == folded })
        else { return nil }
        let caseMapping = caseMapping
        scheduledRejoins.removeAll { caseMapping.fold($0.channel.name) == folded }
        return [.log(.info, "invited into \(wanted.name), which refused the bot before; joining")]
            + joinLines(for: [wanted]).map { .send($0, bypassFloodControl: false) }
    }

    /// The refusals of configured channels the bot is still not in, for `/readyz`: reasons
    /// only, never names (see `readinessProblem`).
    var refusedChannelReasons: [String] {
        Set(configuration.channels.map { fold($0.name) })
            .filter { !joinedChannels.contains($0) }
            .compactMap { joinFailures[$0].map { "\($0.refusal.reason) (\($0.refusal.rawValue))" } }
            .sorted()
    }

    /// "15" or "0.3": whole seconds when there are more than ten.
    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds >= 10 { return String(Int(seconds.rounded())) }
        return String(Double(Int((seconds * 10).rounded())) / 10)
    }
}

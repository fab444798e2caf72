extension IRCClientState {
    /// nil once registered and in every configured channel; otherwise what is still missing,
    /// with the server's reasons for channels it refused (`joined 1 of 2 channels; refused:
    /// invite-only (473)`). Channel names stay out of it: a channel key must never reach the
    /// ops endpoint; the warning in the log names the channel.
    var readinessProblem: String? {
        switch phase {
        case .registering: return "registering"
        case .closing: return "closing"
        case .registered: break
        }
        let wanted = Set(configuration.channels.map { fold($0.name) })
        let joined = wanted.intersection(joinedChannels).count
        guard joined < wanted.count else { return nil }
        let refused = refusedChannelReasons
        return "joined \(joined) of \(wanted.count) channels"
            + (refused.isEmpty ? "" : "; refused: " + refused.joined(separator: ", "))
    }
}

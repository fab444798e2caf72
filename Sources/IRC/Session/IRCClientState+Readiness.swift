extension IRCClientState {
    /// nil once registered and in every configured channel; otherwise what is still missing.
    /// Channel names stay out of it: a channel key must never reach the ops endpoint.
    var readinessProblem: String? {
        switch phase {
        case .registering: return "registering"
        case .closing: return "closing"
        case .registered: break
        }
        let wanted = Set(configuration.channels.map { fold($0.name) })
        let joined = wanted.intersection(joinedChannels).count
        return joined == wanted.count ? nil : "joined \(joined) of \(wanted.count) channels"
    }
}

extension IRCNetworkConfiguration {
    /// How `/readyz` names this network: its name, unless that is the server's host (as it is
    /// when `irc.name` is unset), since the ops endpoint names adapters, never servers.
    public var statusName: String {
        name.lowercased() == host.lowercased() ? "unnamed" : name
    }
}

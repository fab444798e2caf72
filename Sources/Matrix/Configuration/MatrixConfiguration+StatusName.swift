extension MatrixConfiguration {
    /// How `/readyz` names this account: the user id without its server part
    /// (`@gifbot:example.org:8448` is `@gifbot`), since the ops endpoint names adapters, never
    /// servers. The log names the whole id.
    public var statusName: String {
        user.split(separator: ":", maxSplits: 1).first.map(String.init) ?? user
    }
}

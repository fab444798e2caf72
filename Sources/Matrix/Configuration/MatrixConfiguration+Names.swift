extension MatrixConfiguration {
    /// How `/readyz` names this account: the user id without its server part
    /// (`@gifbot:example.org:8448` is `@gifbot`), since the ops endpoint names adapters, never
    /// servers. The log names the whole id.
    public var statusName: String {
        user.split(separator: ":", maxSplits: 1).first.map(String.init) ?? user
    }
}

extension MatrixConfiguration {
    /// How the store names this account's rows (its encryption state, encrypted rooms, preview
    /// messages): one bot login on one homeserver.
    func storeAccount(userID: String) -> String {
        "\(homeserver) \(userID)"
    }
}

extension MatrixConfiguration {
    /// The prefix of this account's adapter state keys (login, user id).
    var sessionStateKey: String { "matrix:\(homeserver):\(user)" }

    /// Where the bot's login (`StoredMatrixLogin`) is kept.
    var loginStateKey: String { "\(sessionStateKey):login" }

    /// Where the full user id the homeserver gave the bot is kept: `matrix.user` may be a bare
    /// localpart, and the store names the account by the full id (`storeAccount`).
    var userIDStateKey: String { "\(sessionStateKey):user_id" }
}

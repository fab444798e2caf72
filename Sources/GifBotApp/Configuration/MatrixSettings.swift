import Matrix

/// Reads the Matrix accounts: the one set by `matrix.homeserver`, plus every account listed in
/// `matrix.accounts`, each with the same keys under `matrix.<name>.`.
package struct MatrixSettings {
    package let sources: ConfigurationSources
    package let admins: [String]

    package func accounts() throws(ConfigurationError) -> [MatrixConfiguration] {
        var accounts: [MatrixConfiguration] = []
        if let primary = try account(prefix: "matrix") { accounts.append(primary) }
        for name in ValueParser(sources: sources).list(SettingKey("matrix.accounts")) {
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw .invalid(
                    SettingKey("matrix.accounts"), accepted: "names made of letters, digits and _", got: name)
            }
            guard let account = try account(prefix: "matrix.\(name)") else {
                throw .missing(
                    SettingKey("matrix.\(name).homeserver"),
                    hint: "the homeserver of the Matrix account '\(name)' listed in matrix.accounts")
            }
            accounts.append(account)
        }
        return accounts
    }

    private func account(prefix: String) throws(ConfigurationError) -> MatrixConfiguration? {
        func key(_ name: String, secret: Bool = false) -> SettingKey { SettingKey("\(prefix).\(name)", secret: secret) }
        let values = ValueParser(sources: sources)
        guard values.text(key("homeserver")) != nil else { return nil }
        let homeserver = try values.httpURL(key("homeserver"), default: "")
        guard let user = values.text(key("user")) else {
            throw .missing(key("user"), hint: "the bot's Matrix user, such as @gifbot:example.org")
        }
        let password = try values.secret(key("password", secret: true))
        let accessToken = try values.secret(key("access_token", secret: true))
        guard password != nil || accessToken != nil else {
            throw .missing(key("password"), hint: "a password (or \(key("access_token").label)) for \(user)")
        }
        let allow = values.list(key("invite_allow"))
        if let bad = allow.first(where: { !$0.hasPrefix("@") || !$0.contains(":") }) {
            throw .invalid(key("invite_allow"), accepted: "user ids or patterns such as @*:example.org", got: bad)
        }
        var configuration = MatrixConfiguration(
            homeserver: homeserver, user: user, password: password, accessToken: accessToken,
            rooms: values.list(key("rooms")), inviteAllow: allow,
            uploadGIFs: try values.bool(key("upload_gifs"), default: true),
            maxUploadBytes: try values.integer(
                key("max_upload_bytes"), default: 4 * 1024 * 1024, in: 1024...(100 * 1024 * 1024)),
            admins: admins
        )
        configuration.preferredMaxBytes = try values.integer(
            key("preferred_max_bytes"), default: 2 * 1024 * 1024, in: 1024...(100 * 1024 * 1024))
        return configuration
    }
}

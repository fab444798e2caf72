import Foundation
import GifBotCore
import Matrix
import Storage

/// Reads the Matrix accounts: the one set by `matrix.homeserver`, plus every account listed in
/// `matrix.accounts`, each with the same keys under `matrix.<name>.`.
package struct MatrixSettings {
    package let sources: ConfigurationSources
    package let admins: [String]
    package let channelAdmins: ChannelAdmins

    package init(sources: ConfigurationSources, admins: [String], channelAdmins: ChannelAdmins = .operators) {
        self.sources = sources
        self.admins = admins
        self.channelAdmins = channelAdmins
    }

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
        configuration.encryption = try encryption(prefix: prefix)
        configuration.channelAdmins = channelAdmins
        configuration.preferredMaxBytes = try values.integer(
            key("preferred_max_bytes"), default: 2 * 1024 * 1024, in: 1024...(100 * 1024 * 1024))
        // `recovery_key_file` follows the secrets' `_file` convention, and is also where the bot
        // writes a new recovery key: so it may name a file that does not exist yet.
        let recoveryKey = key("recovery_key", secret: true)
        configuration.recoveryKey = values.text(recoveryKey)
        configuration.recoveryKeyFile = values.text(recoveryKey.fileKey)
        if configuration.recoveryKey != nil, configuration.recoveryKeyFile != nil {
            throw ConfigurationError(description: "set \(recoveryKey.label) or \(recoveryKey.fileKey.label), not both")
        }
        if configuration.recoveryKey == nil, configuration.recoveryKeyFile == nil {
            configuration.recoveryKeyFile = try defaultRecoveryKeyFile(prefix: prefix)
        }
        return configuration
    }

    /// Beside the SQLite database (`matrix-recovery-key`, or `matrix-recovery-key-<name>` for an
    /// account of `matrix.accounts`); with PostgreSQL, which has no directory of its own, in the
    /// working directory (the log names the absolute path; `matrix.recovery_key_file` moves it).
    private func defaultRecoveryKeyFile(prefix: String) throws(ConfigurationError) -> String {
        let suffix = prefix == "matrix" ? nil : String(prefix.dropFirst("matrix.".count))
        switch try DatabaseSettings.location(from: sources) {
        case .sqlite(let path):
            return FilesBesideDatabase.matrixRecoveryKey(database: path, account: suffix)
        case .postgres:
            let directory = FileManager.default.currentDirectoryPath
            return FilesBesideDatabase.matrixRecoveryKey(database: directory + "/gifbot", account: suffix)
        }
    }

    /// `e2ee` (or `e2ee.enabled`), `e2ee.share_keys_with`, `e2ee.identity_change` and the secret `store_key` of one
    /// account. The key file beside an SQLite database is found later (`MatrixAccounts`), where
    /// the database is known.
    private func encryption(prefix: String) throws(ConfigurationError) -> MatrixEncryptionConfiguration {
        let values = ValueParser(sources: sources)
        let sharingKey = SettingKey("\(prefix).e2ee.share_keys_with")
        var sharing = MatrixEncryptionConfiguration.KeySharing.crossSigned
        if let text = values.text(sharingKey) {
            guard let parsed = MatrixEncryptionConfiguration.KeySharing(rawValue: text.lowercased()) else {
                throw .invalid(sharingKey, accepted: "cross-signed or all", got: text)
            }
            sharing = parsed
        }
        let identityKey = SettingKey("\(prefix).e2ee.identity_change")
        var identityChange = MatrixEncryptionConfiguration.IdentityChange.warn
        if let text = values.text(identityKey) {
            guard let parsed = MatrixEncryptionConfiguration.IdentityChange(rawValue: text.lowercased()) else {
                throw .invalid(identityKey, accepted: "warn or block", got: text)
            }
            identityChange = parsed
        }
        let storeKeySetting = SettingKey("\(prefix).store_key", secret: true)
        var storeKey: MatrixStoreKey?
        if let secret = try values.secret(storeKeySetting) {
            guard secret.count >= MatrixStoreKey.minimumSecretLength else {
                throw .invalid(
                    storeKeySetting, accepted: "a secret of at least \(MatrixStoreKey.minimumSecretLength) characters",
                    got: "\(secret.count) characters")
            }
            storeKey = MatrixStoreKey(secret: secret)
        }
        return MatrixEncryptionConfiguration(
            isEnabled: try isEncryptionEnabled(prefix: prefix), shareKeysWith: sharing, identityChange: identityChange,
            storeKey: storeKey)
    }

    /// `e2ee` on its own, or `e2ee.enabled` beside `e2ee.share_keys_with`: a YAML or JSON file
    /// cannot give `e2ee` a value and keys under it at once. Both set and disagreeing is refused.
    private func isEncryptionEnabled(prefix: String) throws(ConfigurationError) -> Bool {
        let values = ValueParser(sources: sources)
        let switchKey = SettingKey("\(prefix).e2ee"), enabledKey = SettingKey("\(prefix).e2ee.enabled")
        let flat = try values.optionalBool(switchKey), nested = try values.optionalBool(enabledKey)
        if let flat, let nested, flat != nested {
            throw ConfigurationError(
                description: "\(switchKey.label) and \(enabledKey.label) disagree; set one of them")
        }
        return nested ?? flat ?? true
    }
}

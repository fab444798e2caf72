import ArgumentParser
import GifBotApp

/// Options for the IRC network set by `irc.host`; each overrides its environment variable and
/// config file key. More networks are listed in a config file (`irc.networks`).
struct IRCOptions: ParsableArguments {
    @Option(name: .customLong("irc-host"), help: "IRC server to join; `run` connects when set (IRC_HOST).")
    var host: String?

    @Option(name: .customLong("irc-port"), help: "Port (IRC_PORT). Default: 6697 with TLS, 6667 without.")
    var port: String?

    @Option(name: .customLong("irc-tls"), help: "Use TLS: true or false (IRC_TLS). Default: true.")
    var tls: String?

    @Option(
        name: .customLong("irc-tls-verify"),
        help: "Verify the server certificate and name (IRC_TLS_VERIFY). Default: true.")
    var tlsVerify: String?

    @Option(name: .customLong("irc-tls-ca-file"), help: "Extra PEM certificates to trust (IRC_TLS_CA_FILE).")
    var tlsCAFile: String?

    @Option(name: .customLong("irc-nick"), help: "Nick (IRC_NICK). Default: gifbot.")
    var nick: String?

    @Option(
        name: .customLong("irc-channels"),
        help: "Channels, comma-separated, each '#chan' or '#chan key' (IRC_CHANNELS).")
    var channels: String?

    @Option(
        name: .customLong("irc-sasl-username"),
        help: "SASL account (IRC_SASL_USERNAME); the password comes from IRC_SASL_PASSWORD.")
    var saslUsername: String?

    var values: [SettingKey: String] {
        let pairs: [(String, String?)] = [
            ("irc.host", host), ("irc.port", port), ("irc.tls", tls), ("irc.tls_verify", tlsVerify),
            ("irc.tls_ca_file", tlsCAFile), ("irc.nick", nick), ("irc.channels", channels),
            ("irc.sasl_username", saslUsername),
        ]
        var values: [SettingKey: String] = [:]
        for case let (key, value?) in pairs { values[SettingKey(key)] = value }
        return values
    }
}

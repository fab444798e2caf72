import GifBotCore
import IRC

/// Reads the IRC networks from the configuration: the one set by `irc.host` (named by
/// `irc.name`, default its host), plus every network listed in `irc.networks`, each with the
/// same keys under `irc.<name>.` (`irc.libera.host`, `IRC_LIBERA_HOST`, …). `bot.admins` and
/// `bot.channel_admins` apply to every network.
package struct IRCSettings {
    package let sources: ConfigurationSources
    package let admins: [String]
    package var channelAdmins: ChannelAdmins = .operators

    package func networks() throws(ConfigurationError) -> [IRCNetworkConfiguration] {
        var networks: [IRCNetworkConfiguration] = []
        if let primary = try network(prefix: "irc") { networks.append(primary) }
        for name in ValueParser(sources: sources).list(SettingKey("irc.networks")) {
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw .invalid(SettingKey("irc.networks"), accepted: "names made of letters, digits and _", got: name)
            }
            guard let network = try network(prefix: "irc.\(name)", defaultName: name) else {
                throw .missing(
                    SettingKey("irc.\(name).host"),
                    hint: "the server of the IRC network '\(name)' listed in irc.networks")
            }
            networks.append(network)
        }
        let names = networks.map(\.name)
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw ConfigurationError(
                description: "two IRC networks are named '\(duplicate)'; set irc.name or use distinct names")
        }
        return networks
    }

    private func network(
        prefix: String, defaultName: String? = nil
    ) throws(ConfigurationError) -> IRCNetworkConfiguration? {
        func key(_ name: String, secret: Bool = false) -> SettingKey { SettingKey("\(prefix).\(name)", secret: secret) }
        let values = ValueParser(sources: sources)
        guard let host = values.text(key("host")) else { return nil }
        let useTLS = try values.bool(key("tls"), default: true)
        let port = try values.optionalInteger(key("port"), in: 1...65535)
        let channels = try values.list(key("channels")).map {
            text throws(ConfigurationError) -> IRCNetworkConfiguration.Channel in
            guard let channel = IRCNetworkConfiguration.Channel(parsing: text),
                channel.name.first.map({ "#&+!".contains($0) }) == true
            else {
                throw .invalid(
                    key("channels"), accepted: "channels such as #gifs or '#secret key', separated by commas", got: text
                )
            }
            return channel
        }
        let mechanismText = values.text(key("sasl_mechanism")) ?? "plain"
        guard let mechanism = IRCNetworkConfiguration.SASLMechanism(rawValue: mechanismText.uppercased()) else {
            throw .invalid(key("sasl_mechanism"), accepted: "plain or external", got: mechanismText)
        }
        let nick = values.text(key("nick")) ?? "gifbot"
        guard nick.count <= 30, !nick.contains(where: { $0.isWhitespace || ",:!@#".contains($0) }),
            nick.first?.isNumber == false
        else {
            throw .invalid(
                key("nick"), accepted: "an IRC nick (no spaces, no , : ! @ #, not starting with a digit)", got: nick)
        }
        var flood = IRCFloodSettings()
        flood.burst = try values.integer(key("flood_burst"), default: 4, in: 1...50)
        flood.interval = try values.seconds(key("flood_interval"), default: 1, allowZero: false)
        return IRCNetworkConfiguration(
            name: values.text(key("name")) ?? defaultName ?? host,
            host: host, port: port, useTLS: useTLS,
            verifyTLS: try values.bool(key("tls_verify"), default: true),
            tlsCAFile: values.text(key("tls_ca_file")),
            tlsClientCertificateFile: values.text(key("tls_client_cert")),
            tlsClientKeyFile: values.text(key("tls_client_key")),
            nick: nick,
            username: values.text(key("username")),
            realname: values.text(key("realname")),
            password: try values.secret(key("password", secret: true)),
            saslUsername: values.text(key("sasl_username")),
            saslPassword: try values.secret(key("sasl_password", secret: true)),
            saslMechanism: mechanism,
            continueWithoutSASL: !(try values.bool(key("sasl_required"), default: false)),
            channels: channels,
            admins: admins,
            channelAdmins: channelAdmins,
            halfopsAreAdmins: try values.bool(key("halfops_are_admins"), default: false),
            flood: flood
        )
    }
}

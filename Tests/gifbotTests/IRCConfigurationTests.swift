import Foundation
import GifBotCore
import IRC
import Testing

@testable import GifBotApp
@testable import gifbot

/// The irc.* keys, from the environment and from a config file listing several networks.
@Suite struct IRCConfigurationTests {
    func load(_ environment: [String: String], file: String? = nil) async throws -> AppConfiguration {
        var path: String?
        if let file {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("irc-\(UUID().uuidString).yaml")
            try file.write(to: url, atomically: true, encoding: .utf8)
            path = url.path
        }
        defer { if let path { try? FileManager.default.removeItem(atPath: path) } }
        let sources = try await ConfigurationSources.load(
            options: [:], environment: ["GIPHY_API_KEY": "k"].merging(environment) { $1 },
            configFile: path)
        return try AppConfiguration.load(from: sources)
    }

    /// `bot.channel_admins` for every network, `irc.halfops_are_admins` per network (issue 33).
    @Test func channelAdmins() async throws {
        let defaults = try await load(["IRC_HOST": "irc.example.org"]).ircNetworks[0]
        #expect(defaults.channelAdmins == .operators && !defaults.halfopsAreAdmins)
        let set = try await load([
            "IRC_HOST": "irc.example.org", "BOT_CHANNEL_ADMINS": "None", "IRC_HALFOPS_ARE_ADMINS": "true",
        ]).ircNetworks[0]
        #expect(set.channelAdmins == .none && set.halfopsAreAdmins)
        await #expect(throws: ConfigurationError.self) {
            _ = try await load(["IRC_HOST": "irc.example.org", "BOT_CHANNEL_ADMINS": "voiced"])
        }
    }

    @Test func noHostMeansNoNetwork() async throws {
        #expect(try await load([:]).ircNetworks.isEmpty)
    }

    @Test func readinessNamesTheNetworkNeverItsServer() async throws {
        let unnamed = try await load(["IRC_HOST": "irc.Example.org"]).ircNetworks[0]
        #expect(unnamed.name == "irc.Example.org", "user ids stay kept under the host")
        #expect(unnamed.statusName == "unnamed")
        #expect(
            try await load(["IRC_HOST": "irc.example.org", "IRC_NAME": "IRC.example.org"]).ircNetworks[0].statusName
                == "unnamed")
        #expect(
            try await load(["IRC_HOST": "irc.example.org", "IRC_NAME": "libera"]).ircNetworks[0].statusName == "libera")
    }

    @Test func theEnvironmentDescribesOneNetwork() async throws {
        let networks = try await load([
            "IRC_HOST": "irc.example.org", "IRC_CHANNELS": "#gifs, #secret key ,#x", "IRC_NICK": "gifbot2",
            "IRC_SASL_USERNAME": "bot", "IRC_SASL_PASSWORD": "pw", "BOT_ADMINS": "root,alice",
            "IRC_TLS_CA_FILE": "/etc/ca.pem",
        ]).ircNetworks
        #expect(networks.count == 1)
        let network = try #require(networks.first)
        #expect(network.name == "irc.example.org")
        #expect(network.port == 6697 && network.useTLS && network.verifyTLS)
        #expect(network.channels == [.init(name: "#gifs"), .init(name: "#secret", key: "key"), .init(name: "#x")])
        #expect(network.nick == "gifbot2" && network.username == "gifbot2")
        #expect(network.saslUsername == "bot" && network.saslPassword == "pw" && network.continueWithoutSASL)
        #expect(network.admins == ["root", "alice"])
        #expect(network.tlsCAFile == "/etc/ca.pem")
        let plain = try await load(["IRC_HOST": "h", "IRC_TLS": "false"]).ircNetworks[0]
        #expect(plain.port == 6667 && !plain.useTLS)
    }

    @Test func aConfigFileListsSeveralNetworks() async throws {
        let file = """
            irc:
              host: irc.one.test
              channels: "#one"
              networks: [two, three]
              two:
                host: irc.two.test
                port: 7000
                tls: false
                channels: "#a,#b"
              three:
                host: irc.three.test
                sasl_required: true
                sasl_username: bot
            """
        let networks = try await load(["IRC_TWO_NICK": "twobot"], file: file).ircNetworks
        #expect(networks.map(\.name) == ["irc.one.test", "two", "three"])
        #expect(networks[1].port == 7000 && !networks[1].useTLS && networks[1].nick == "twobot")
        #expect(networks[1].channels.map(\.name) == ["#a", "#b"])
        #expect(!networks[2].continueWithoutSASL)
    }

    @Test(arguments: [
        (
            ["IRC_HOST": "h", "IRC_PORT": "70000"],
            "irc.port (IRC_PORT) must be a whole number from 1 to 65535; got '70000'"
        ),
        (["IRC_HOST": "h", "IRC_TLS": "maybe"], "irc.tls (IRC_TLS) must be true or false; got 'maybe'"),
        (
            ["IRC_HOST": "h", "IRC_CHANNELS": "gifs"],
            "irc.channels (IRC_CHANNELS) must be channels such as #gifs or '#secret key', separated by commas; got 'gifs'"
        ),
        (
            ["IRC_HOST": "h", "IRC_NICK": "bad nick"],
            "irc.nick (IRC_NICK) must be an IRC nick (no spaces, no , : ! @ #, not starting with a digit); got 'bad nick'"
        ),
        (
            ["IRC_HOST": "h", "IRC_SASL_MECHANISM": "scram"],
            "irc.sasl_mechanism (IRC_SASL_MECHANISM) must be plain or external; got 'scram'"
        ),
        (
            ["IRC_NETWORKS": "ghost"],
            "irc.ghost.host (IRC_GHOST_HOST) is required: the server of the IRC network 'ghost' listed in irc.networks"
        ),
    ])
    func mistakesAreNamed(_ environment: [String: String], _ message: String) async throws {
        do {
            _ = try await load(environment)
            Issue.record("accepted \(environment)")
        } catch let error as ConfigurationError {
            #expect(error.description == message)
        }
    }
}

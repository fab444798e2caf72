import ArgumentParser
import Foundation
import GifBotApp
import GifBotCore
import IRC
import Logging
import Matrix
import ServiceLifecycle

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the configured chat adapters until stopped.",
        discussion: """
            Connects to every configured chat network and answers commands there until SIGTERM \
            or SIGINT, then quits politely. IRC: set irc.host (IRC_HOST) and irc.channels \
            (IRC_CHANNELS), or list several networks in a config file under irc.networks. \
            Other keys: irc.port, irc.tls, irc.tls_verify, irc.tls_ca_file, irc.nick, \
            irc.username, irc.realname, irc.password, irc.sasl_username, irc.sasl_password, \
            irc.sasl_mechanism, irc.sasl_required, irc.tls_client_cert, irc.tls_client_key, \
            irc.flood_burst, irc.flood_interval, and bot.admins. Matrix: set matrix.homeserver \
            (MATRIX_HOMESERVER), matrix.user and matrix.password (or matrix.access_token); also \
            matrix.rooms, matrix.invite_allow, matrix.upload_gifs, matrix.max_upload_bytes, or \
            several accounts under matrix.accounts in a config file. GIFs are downloaded for \
            upload only from GIPHY's and KLIPY's media hosts and those in media.hosts (see also \
            media.allow_private_addresses and media.timeout).
            """
    )

    @OptionGroup var options: ConfigurationOptions
    @OptionGroup var irc: IRCOptions

    func run() async throws {
        let configuration = try await ProcessRunner.loadConfiguration(options, extra: irc.values)
        guard ChatNetworks.isAnyConfigured(configuration) else {
            ProcessRunner.fail(
                """
                no chat network is configured: set irc.host (IRC_HOST) and irc.channels (IRC_CHANNELS), \
                or matrix.homeserver (MATRIX_HOMESERVER), matrix.user and matrix.password, or list them in a \
                config file; `gifbot console` needs none
                """, exitCode: ExitCode.validationFailure)
        }
        try await ProcessRunner.run(configuration) { runtime in
            // One lease per IRC network and per Matrix account: one instance serves each.
            let adapters = ChatNetworks.adapters(configuration, runtime: runtime)
            let (services, readiness) = InstanceLeases.guarding(adapters, runtime: runtime)
            runtime.logger.info(
                "GifBot running", metadata: ["adapters": "\(adapters.map(\.name).joined(separator: ","))"])
            // An adapter that stops (a refused Matrix token) must not take the others down.
            try await BotServices.run(
                runtime,
                services: services.map { .init(service: $0, successTerminationBehavior: .ignore) },
                readiness: readiness
            )
        }
    }
}

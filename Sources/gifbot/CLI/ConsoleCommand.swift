import ArgumentParser
import Foundation
import GifBotApp
import GifBotCore
import ServiceLifecycle

struct ConsoleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: "Chat with the bot in this terminal.",
        discussion: """
            Each line read from standard input is a chat message from --user in --channel; every \
            reply is printed on standard output, one line each. Exits 0 at the end of input, after \
            the last reply. Works with a pipe: printf '!gif cat\\n!fav\\n' | gifbot console
            """
    )

    @Option(help: "Who is talking (default: your login name).")
    var user: String?

    @Option(help: "Where they are talking.")
    var channel = "#console"

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        try await ProcessRunner.run(options: options) { runtime in
            let adapter = ConsoleAdapter(
                bot: runtime.bot, userName: user ?? Self.loginName(), channel: channel,
                admins: runtime.configuration.admins,
                status: AdapterStatus(kind: "console", name: "stdin", factory: runtime.metrics.factory))
            // The end of input ends the session, and with it the ops endpoint.
            try await BotServices.run(
                runtime,
                services: [
                    .init(
                        service: ConsoleService(adapter: adapter), successTerminationBehavior: .gracefullyShutdownGroup)
                ], readiness: [adapter.status])
        }
    }

    static func loginName() -> String {
        let environment = ProcessInfo.processInfo.environment
        let name = environment["USER"] ?? environment["LOGNAME"] ?? ProcessInfo.processInfo.userName
        return name.isEmpty ? "user" : name
    }
}

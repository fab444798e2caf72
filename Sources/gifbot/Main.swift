import ArgumentParser
import GifBotApp
import GifBotCore

@main
struct GifBotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gifbot",
        abstract: "A GIF bot for chat, with GIFs from GIPHY and KLIPY.",
        discussion: """
            Configuration comes from command-line options, then environment variables, then a \
            config file (--config, JSON or YAML), then defaults. GIPHY_API_KEY is required.
            """,
        version: GifBotInfo.version,
        subcommands: [
            ConsoleCommand.self, RunCommand.self, HealthCommand.self, MigrateCommand.self, ExportCommand.self,
            ImportCommand.self, MatrixCommand.self,
        ]
    )
}

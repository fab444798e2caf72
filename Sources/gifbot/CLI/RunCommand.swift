import ArgumentParser
import Foundation

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the configured chat adapters until stopped.",
        discussion: """
            Connects to every configured chat network and answers commands there until SIGTERM \
            or SIGINT. No chat adapter exists in this version yet: use `gifbot console` to talk \
            to the bot in a terminal.
            """
    )

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        _ = try await ProcessRunner.loadConfiguration(options)
        ProcessRunner.fail("""
            no chat network is configured, and this version has no chat adapter to configure yet \
            (IRC and Matrix arrive in the next versions); use `gifbot console` meanwhile
            """, exitCode: ExitCode.validationFailure)
    }
}

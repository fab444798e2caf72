import ArgumentParser

/// `gifbot matrix …`: Matrix account chores that need no running bot.
struct MatrixCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Matrix account chores.",
        subcommands: [RecoveryKeyCommand.self, IdentitiesCommand.self, AcceptIdentityCommand.self]
    )
}

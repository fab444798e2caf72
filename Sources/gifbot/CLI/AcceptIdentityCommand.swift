import ArgumentParser
import Foundation
import GifBotApp
import Matrix

/// `gifbot matrix accept-identity <user>`: trusts a user's changed cross-signing identity (room
/// keys go to them again), or acknowledges one already trusted under `warn`. The running bot
/// reads it from the database before its next room key and `/readyz`; no restart.
struct AcceptIdentityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept-identity",
        abstract: "Accept a Matrix user's changed cross-signing identity.",
        discussion: """
            Accept only after the user confirmed, out of band, that they reset their identity: \
            anyone controlling their homeserver account can publish a new one. Lists: gifbot \
            matrix identities. A running bot follows at once. Needs no GIPHY key.
            """
    )

    @OptionGroup var options: MatrixIdentityOptions

    @Argument(
        help: ArgumentHelp("The user whose new identity to accept, such as @alice:example.org.", valueName: "user"))
    var user: String

    func run() async throws {
        let user = user
        try await options.withReview { review in
            switch try await review.accept(user) {
            case .accepted(let identity):
                print("Accepted \(user)'s new identity (master key \(identity.masterKey)): room keys go to them again.")
            case .acknowledged:
                print("Acknowledged \(user)'s identity change: it leaves the warnings.")
            case .nothingToAccept:
                print("\(user)'s identity has not changed since it was pinned or last accepted: nothing to do.")
            case .unknownUser:
                ProcessRunner.fail("the bot has pinned no identity for \(user)", exitCode: .failure)
            }
        }
    }
}

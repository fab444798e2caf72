import ArgumentParser
import Foundation
import GifBotApp
import Matrix

/// `gifbot matrix identities`: the users whose cross-signing identity changed since the bot
/// pinned it, waiting for an operator (`matrix.e2ee.identity_change: block`) or trusted with a
/// warning (`warn`, for 7 days), with both master keys to compare with what the user says.
struct IdentitiesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identities",
        abstract: "List Matrix users whose cross-signing identity changed.",
        discussion: """
            The bot pins the first cross-signing identity (master key) it sees for each user. A \
            later one is listed here: under matrix.e2ee.identity_change: block the user gets no \
            room keys until you accept it with gifbot matrix accept-identity; under warn it is \
            trusted and listed for 7 days. Ask the user, out of band, whether they reset their \
            identity, and compare the master key their client shows. Needs no GIPHY key.
            """
    )

    @OptionGroup var options: MatrixIdentityOptions

    func run() async throws {
        try await options.withReview { review in
            let changes = try await review.changes()
            guard !changes.isEmpty else {
                print("No changed identities.")
                return
            }
            for (user, identity) in changes {
                let since = identity.changedAt.map(ISO8601Timestamp.string(for:)) ?? "?"
                if let waiting = identity.unaccepted {
                    print(
                        "\(user): changed \(since), room keys withheld. Trusted master key \(identity.masterKey), "
                            + "new \(waiting). Accept: gifbot matrix accept-identity \(user)")
                } else {
                    print(
                        "\(user): changed \(since), new identity trusted. Master key \(identity.masterKey)"
                            + (identity.replaced.map { ", before \($0)" } ?? "")
                            + ". Acknowledge: gifbot matrix accept-identity \(user)")
                }
            }
        }
    }
}
